package org.uidext;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * README.md runs as written: its ```sql blocks make the schema in a fresh database, each ```java
 * block (a whole class) is compiled against the package and pgjdbc and its main runs with the
 * database's URL; the printed values are checked against the database's rows.
 */
class ReadmeTest {
    static final String ULID = "[0-9A-HJKMNP-TV-Z]{26}";

    static List<String> blocks(List<String> lines, String lang) {
        List<String> out = new ArrayList<>();
        StringBuilder block = null;
        for (String line : lines) {
            if (block == null && line.equals("```" + lang)) {
                block = new StringBuilder();
            } else if (block != null && line.equals("```")) {
                out.add(block.toString());
                block = null;
            } else if (block != null) {
                block.append(line).append('\n');
            }
        }
        return out;
    }

    static String run(String className, Path classes, String url) throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, ReadmeTest.class.getClassLoader())) {
            Method main = loader.loadClass(className).getMethod("main", String[].class);
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            main.invoke(null, (Object) new String[] {url});
        } finally {
            System.setOut(saved);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        System.out.print(out.indent(4));
        return out;
    }

    static Matcher line(String out, String regex) {
        Matcher m = Pattern.compile("^" + regex + "$", Pattern.MULTILINE).matcher(out);
        assertTrue(m.find(), "a line matching " + regex + " in:\n" + out);
        return m;
    }

    @Test
    void readmeExamplesRunAsWritten() throws Exception {
        List<String> readme = Files.readAllLines(Path.of(System.getProperty("uidext.test.readme", "README.md")));
        String db = TestDb.fresh("readme");
        try (Connection c = TestDb.connect(db); Statement st = c.createStatement()) {
            for (String sql : blocks(readme, "sql")) {
                st.execute(sql);
            }
        }
        List<String> sources = blocks(readme, "java");
        assertEquals(2, sources.size(), "the README's java blocks");
        Path dir = Files.createTempDirectory("uidext-readme");
        List<String> names = new ArrayList<>();
        for (String source : sources) {
            Matcher m = Pattern.compile("public class (\\w+)").matcher(source);
            assertTrue(m.find(), source);
            names.add(m.group(1));
            Files.writeString(dir.resolve(m.group(1) + ".java"), source);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("-d", dir.toString(), "-cp", System.getProperty("uidext.test.classpath")));
        names.forEach(n -> args.add(dir.resolve(n + ".java").toString()));
        assertEquals(0, javac.run(null, null, null, args.toArray(new String[0])), "javac of the README's classes");
        String url = TestDb.url(db) + "?user=" + System.getProperty("uidext.test.user", "postgres");

        Instant before = Instant.now().minusMillis(1);
        String out = run(names.get(0), dir, url);
        Matcher customerLine = line(out, "customer (" + ULID + ") created (\\S+)");
        Ulid customer = Ulid.fromString(customerLine.group(1));
        assertEquals(customer.instant().toString(), customerLine.group(2));
        assertTrue(!customer.instant().isBefore(before) && Duration.between(customer.instant(), Instant.now()).getSeconds() < 60);
        Matcher ordersLine = line(out, "orders \\[(" + ULID + "), (" + ULID + ")\\]");
        List<Ulid> orders = List.of(Ulid.fromString(ordersLine.group(1)), Ulid.fromString(ordersLine.group(2)));
        assertTrue(orders.get(0).compareTo(orders.get(1)) < 0, "in key order");
        Matcher userLine = line(out, "user (user_[0-7][0-9a-hjkmnp-tv-z]{25}) \\(prefix user, uuid ([0-9a-f-]{36})\\): ada@example.com");
        TypeId user = TypeId.fromString(userLine.group(1));
        assertEquals(user.toUuid().toString(), userLine.group(2));
        line(out, "bad key: 22P02 ERROR: invalid input syntax for type ulid: \"01J0-not-a-key\"");
        try (Connection c = TestDb.connect(db);
             PreparedStatement ps = c.prepareStatement("SELECT (SELECT array_agg(id::text ORDER BY id) FROM orders WHERE customer_id = ?::ulid),"
                 + " (SELECT id::text FROM users WHERE customer_id = ?::ulid), (SELECT count(*) FROM customers)")) {
            ps.setString(1, customer.toString());
            ps.setString(2, customer.toString());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(Arrays.asList(orders.get(0).toString(), orders.get(1).toString()),
                    Arrays.asList((Object[]) rs.getArray(1).getArray()));
                assertEquals(user.toString(), rs.getString(2));
                assertEquals(1, rs.getInt(3));
            }
        }

        out = run(names.get(1), dir, url);
        Matcher opaque = line(out, "public id (" + ULID + ") is customer (" + ULID + ") Ada");
        assertNotEquals(opaque.group(1), opaque.group(2));
        assertEquals(customer.toString(), opaque.group(2));
        deleteTree(dir);
    }

    static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            paths.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
        }
    }
}
