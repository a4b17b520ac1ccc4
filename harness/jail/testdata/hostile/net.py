# expect: OK
# Tries HTTP and UDP to the judge's ports on 127.0.0.1, and DNS.
import socket
tcp, udp = map(int, input().split())
try:
    s = socket.create_connection(("127.0.0.1", tcp), timeout=1)
    s.sendall(b"GET /escape-py HTTP/1.0\r\n\r\n")
    print(s.recv(100))
except OSError as e:
    print("tcp", e)
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
try:
    u.sendto(b"escape", ("127.0.0.1", udp))
except OSError as e:
    print("udp", e)
try:
    print("ESCAPED-RESOLVED", socket.gethostbyname("example.com"))
except OSError as e:
    print("dns", e)
