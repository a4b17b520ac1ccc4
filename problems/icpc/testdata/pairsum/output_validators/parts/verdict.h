#ifndef VERDICT_H
#define VERDICT_H
#include <cstdio>
#include <cstdlib>
#include <string>

/* Where judgemessage.txt goes; set by the validator's main. */
static std::string feedback_dir;

[[noreturn]] static void finish(int code, const std::string &msg) {
	std::string path = feedback_dir + "judgemessage.txt";
	if (FILE *f = std::fopen(path.c_str(), "w")) {
		std::fputs(msg.c_str(), f);
		std::fputc('\n', f);
		std::fclose(f);
	}
	std::exit(code);
}
[[noreturn]] static void accept(const std::string &msg) { finish(42, msg); }
[[noreturn]] static void reject(const std::string &msg) { finish(43, msg); }
#endif
