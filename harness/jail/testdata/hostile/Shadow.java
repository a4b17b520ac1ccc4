// expect: OK
// Reads /etc/shadow and lists the root folder and /root.
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

class Main {
    public static void main(String[] args) {
        try {
            System.out.println(Files.readString(Path.of("/etc/shadow")));
        } catch (Exception e) {
            System.out.println("shadow: " + e);
        }
        for (String d : new String[] {"/", "/root", ".."}) {
            String[] names = new File(d).list();
            System.out.println(d + ": " + (names == null ? "none" : String.join(" ", names)));
        }
    }
}
