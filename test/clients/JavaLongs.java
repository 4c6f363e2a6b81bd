// java.util.UUID as the reference for uidext's uuid_msb(), uuid_lsb() and uuid_from_longs():
// test/cluster/091_java_longs.sh runs it. Reads lines from standard input and answers each:
//   "u <uuid text>"  ->  "<uuid as Java prints it> <getMostSignificantBits()> <getLeastSignificantBits()>"
//   "l <msb> <lsb>"  ->  "<msb> <lsb> <new UUID(msb, lsb).toString()>"
//   "r <n> <seed>"   ->  n lines "<msb> <lsb> <new UUID(msb, lsb)>" of java.util.Random(seed) longs
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.Random;
import java.util.UUID;

public class JavaLongs {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        for (String line; (line = in.readLine()) != null;) {
            String[] f = line.trim().split("\\s+");
            switch (f[0]) {
                case "u": {
                    UUID u = UUID.fromString(f[1]);
                    out.append(u).append(' ').append(u.getMostSignificantBits()).append(' ')
                       .append(u.getLeastSignificantBits()).append('\n');
                    break;
                }
                case "l": {
                    long msb = Long.parseLong(f[1]), lsb = Long.parseLong(f[2]);
                    out.append(msb).append(' ').append(lsb).append(' ').append(new UUID(msb, lsb)).append('\n');
                    break;
                }
                case "r": {
                    Random random = new Random(Long.parseLong(f[2]));
                    for (int i = Integer.parseInt(f[1]); i > 0; --i) {
                        long msb = random.nextLong(), lsb = random.nextLong();
                        out.append(msb).append(' ').append(lsb).append(' ').append(new UUID(msb, lsb)).append('\n');
                    }
                    break;
                }
                default:
                    throw new IllegalArgumentException("unrecognized line: " + line);
            }
        }
        System.out.print(out);
    }
}
