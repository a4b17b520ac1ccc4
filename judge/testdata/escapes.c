// Writes terminal control sequences, as a hostile submission might, to its
// output and its error stream, then fails: retitle the window, clear the
// screen, write the clipboard (OSC 52), reorder text (U+202E).
#include <stdio.h>
int main(void) {
	printf("\x1b]0;PWNED\x07\x1b[2J\x1b[31mred\x1b[0m \xe2\x80\xae1 2 3\n");
	fprintf(stderr, "\x1b]52;c;cHduZWQ=\x07\x1b[2Jcleared\r\n");
	return 3;
}
