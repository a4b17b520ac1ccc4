// expect: TLE
// Four threads spin: their CPU time counts together.
class Main {
    public static void main(String[] args) {
        for (int i = 0; i < 4; i++) {
            new Thread(() -> {
                long x = 0;
                while (true) {
                    x++;
                }
            }).start();
        }
    }
}
