package org.uidext;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * The server the tests run against: run-tests starts a throwaway one and passes its address
 * (system properties uidext.test.server = host:port, uidext.test.user). Each test class gets a
 * fresh database with uidext installed.
 */
public final class TestDb {
    private TestDb() {}

    public static String url(String database) {
        String server = System.getProperty("uidext.test.server");
        if (server == null) {
            throw new IllegalStateException("no server: run the tests with clients/java/run-tests");
        }
        return "jdbc:postgresql://" + server + "/" + database;
    }

    public static Connection connect(String database) throws SQLException {
        return connect(database, new Properties());
    }

    public static Connection connect(String database, Properties props) throws SQLException {
        Properties p = new Properties();
        p.putAll(props);
        p.setProperty("user", System.getProperty("uidext.test.user", "postgres"));
        return DriverManager.getConnection(url(database), p);
    }

    /** Drops and creates the database uidext_java_NAME, with the extension unless told not to. */
    public static String fresh(String name, boolean extension) throws SQLException {
        String database = "uidext_java_" + name;
        try (Connection c = connect("postgres"); Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
            st.execute("CREATE DATABASE " + database);
        }
        if (extension) {
            try (Connection c = connect(database); Statement st = c.createStatement()) {
                st.execute("CREATE EXTENSION uidext");
            }
        }
        return database;
    }

    public static String fresh(String name) throws SQLException {
        return fresh(name, true);
    }

    /** Whether opaque_encode works (the throwaway server has a key file; another may not). */
    public static boolean hasOpaqueKeys(Connection c) {
        try (Statement st = c.createStatement()) {
            st.executeQuery("SELECT opaque_decode(opaque_encode(gen_ulid())::text)").close();
            return true;
        } catch (SQLException e) {
            return false;
        }
    }
}
