#!/usr/bin/env bash
# Builds the package offline with the JDK's javac and jar and Debian's pgjdbc (no Maven/Gradle):
#   clients/java/build.sh          -> build/uidext-1.5.0.jar (src/main/java)
#   clients/java/build.sh test     -> also build/test-classes (src/test/java with JUnit 5, and src/bench/java)
# The jar paths can be overridden: PGJDBC_JAR, JUNIT_JAR (the console launcher), JUNIT_API (class path).
set -euo pipefail
cd "$(dirname "$0")"
VERSION=1.5.0
PGJDBC_JAR=${PGJDBC_JAR:-/usr/share/java/postgresql.jar}
JUNIT_JAR=${JUNIT_JAR:-/usr/share/java/junit-platform-console-standalone.jar}
# What the tests compile against (Debian's standalone launcher jar only points at the others).
JUNIT_API=${JUNIT_API:-/usr/share/java/junit-jupiter-api.jar:/usr/share/java/junit-jupiter-params.jar:/usr/share/java/opentest4j.jar:/usr/share/java/apiguardian-api.jar:/usr/share/java/junit-platform-commons.jar}
for jar in "$PGJDBC_JAR" ${1:+"$JUNIT_JAR"} ${1:+${JUNIT_API//:/ }}; do
    [ -f "$jar" ] || { echo "missing $jar (Debian: apt-get install libpostgresql-jdbc-java junit5)"; exit 1; }
done
rm -rf build/classes build/test-classes
# javac runs briefly: the C1 compiler alone starts it faster.
JAVAC_FAST="-J-XX:TieredStopAtLevel=1 -J-XX:+UseSerialGC"
mkdir -p build
javac $JAVAC_FAST --release 17 -Xlint:all,-serial -Werror -encoding UTF-8 -cp "$PGJDBC_JAR" -d build/classes \
    $(find src/main/java -name '*.java' | sort)
# A module name for the module path (the jar has no module-info: pgjdbc 42.5 is an automatic module too).
printf 'Automatic-Module-Name: org.uidext\nImplementation-Title: uidext\nImplementation-Version: %s\n' "$VERSION" >build/MANIFEST.MF
jar --create --file "build/uidext-$VERSION.jar" --manifest build/MANIFEST.MF -C build/classes .
if [ "${1:-}" = test ]; then
    # The benchmark's main class goes with the tests (one javac run: this machine is slow to start JVMs).
    javac $JAVAC_FAST --release 17 -encoding UTF-8 -cp "build/classes:$PGJDBC_JAR:$JUNIT_API" -d build/test-classes \
        $(find src/test/java src/bench/java -name '*.java' | sort)
fi
