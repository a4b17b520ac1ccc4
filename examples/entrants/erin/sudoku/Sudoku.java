// erin: a right answer in Java. Backtracking with row, column and box masks,
// choosing the most constrained empty cell first.
import java.io.IOException;
import java.io.InputStream;

public class Sudoku {
	static int[] g = new int[81];
	static int[] rows = new int[9], cols = new int[9], boxes = new int[9];

	static int box(int i) {
		return i / 27 * 3 + i % 9 / 3;
	}

	static void place(int i, int d, boolean on) {
		int bit = 1 << d;
		if (on) {
			rows[i / 9] |= bit;
			cols[i % 9] |= bit;
			boxes[box(i)] |= bit;
			g[i] = d;
		} else {
			rows[i / 9] &= ~bit;
			cols[i % 9] &= ~bit;
			boxes[box(i)] &= ~bit;
			g[i] = 0;
		}
	}

	static boolean solve() {
		int best = -1, bestMask = 0, bestN = 10;
		for (int i = 0; i < 81; i++) {
			if (g[i] != 0) continue;
			int mask = 0x3fe & ~(rows[i / 9] | cols[i % 9] | boxes[box(i)]);
			int n = Integer.bitCount(mask);
			if (n < bestN) {
				best = i;
				bestMask = mask;
				bestN = n;
			}
		}
		if (best < 0) return true;
		for (int d = 1; d <= 9; d++) {
			if ((bestMask & (1 << d)) == 0) continue;
			place(best, d, true);
			if (solve()) return true;
			place(best, d, false);
		}
		return false;
	}

	static void show(StringBuilder out, int[] grid) {
		for (int r = 0; r < 9; r++) {
			if (r == 3 || r == 6) out.append('\n');
			for (int c = 0; c < 9; c++) {
				if (c == 3 || c == 6) out.append(' ');
				int v = grid[r * 9 + c];
				out.append(v == 0 ? '-' : (char) ('0' + v));
			}
			out.append('\n');
		}
	}

	public static void main(String[] args) throws IOException {
		InputStream in = System.in;
		int n = 0, ch;
		int[] given = new int[81];
		while (n < 81 && (ch = in.read()) != -1) {
			if (ch == '-') n++;
			else if (ch >= '1' && ch <= '9') given[n++] = ch - '0';
		}
		boolean ok = true;
		for (int i = 0; i < 81; i++) {
			int d = given[i];
			if (d == 0) continue;
			if (((rows[i / 9] | cols[i % 9] | boxes[box(i)]) & (1 << d)) != 0) ok = false;
			place(i, d, true);
		}
		StringBuilder out = new StringBuilder("The original puzzle:\n\n");
		show(out, given);
		out.append('\n');
		if (ok && solve()) {
			out.append("Solution:\n\n");
			show(out, g);
			out.append("\nThe puzzle was solved.\n");
		} else {
			out.append("The puzzle is unsolvable.\n");
		}
		System.out.print(out);
	}
}
