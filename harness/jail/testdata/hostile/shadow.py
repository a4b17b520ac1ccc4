# expect: OK
# Reads /etc/shadow and /etc/passwd.
for p in ["/etc/shadow", "/etc/passwd", "/root/.bashrc"]:
    try:
        print(open(p).read())
    except OSError as e:
        print("refused", e.errno)
