int twice_half(int n) { return 2 * n / 2; }
