# Constants are not put into submissions: this prints the braces as they are.
print("{{TWICE}}")
