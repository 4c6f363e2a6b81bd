#!/usr/bin/env bash
# Builds the package offline with the JDK's javac and jar and Debian's pgjdbc (no Maven/Gradle):
#   clients/java/build.sh          -> build/uidext-1.5.0.jar (src/main/java)
#   clients/java/build.sh test     -> also build/test-classes (src/test/java, JUnit 5) and build/bench-classes
# The jar paths can be overridden: PGJDBC_JAR, JUNIT_JAR (the console launcher, "standalone" jar).
set -euo pipefail
cd "$(dirname "$0")"
VERSION=1.5.0
PGJDBC_JAR=${PGJDBC_JAR:-/usr/share/java/postgresql.jar}
JUNIT_JAR=${JUNIT_JAR:-/usr/share/java/junit-platform-console-standalone.jar}
for jar in "$PGJDBC_JAR" ${1:+"$JUNIT_JAR"}; do
    [ -f "$jar" ] || { echo "missing $jar (Debian: apt-get install libpostgresql-jdbc-java junit5)"; exit 1; }
done
rm -rf build/classes build/test-classes build/bench-classes
mkdir -p build
javac --release 17 -Xlint:all,-serial -Werror -encoding UTF-8 -cp "$PGJDBC_JAR" -d build/classes \
    $(find src/main/java -name '*.java' | sort)
jar --create --file "build/uidext-$VERSION.jar" -C build/classes .
if [ "${1:-}" = test ]; then
    javac --release 17 -encoding UTF-8 -cp "build/classes:$PGJDBC_JAR:$JUNIT_JAR" -d build/test-classes \
        $(find src/test/java -name '*.java' | sort)
    javac --release 17 -encoding UTF-8 -cp "build/classes:$PGJDBC_JAR" -d build/bench-classes \
        $(find src/bench/java -name '*.java' | sort)
fi
