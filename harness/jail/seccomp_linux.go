package jail

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The system calls a jailed program may not make, refused with EPERM: new user
// namespaces (where it would be root, with the kernel's whole surface for
// namespace root open to it), the kernel's keyrings (not namespaced: shared
// with the judge's user), eBPF, perf events, userfaultfd and io_uring. clone3
// answers ENOSYS, as on an older kernel, since its flags cannot be read by a
// filter: the C library then falls back to clone, whose flags can. Calls of
// another architecture's ABI (32-bit x86 through int 0x80, x32) answer ENOSYS
// too, so that nobody reaches unshare by another number.
var refusedCalls = []uint32{unix.SYS_KEYCTL, unix.SYS_ADD_KEY, unix.SYS_REQUEST_KEY, unix.SYS_BPF,
	unix.SYS_PERF_EVENT_OPEN, unix.SYS_USERFAULTFD, unix.SYS_IO_URING_SETUP}

// memoryFileCalls make memory files, whose pages belong to no process's
// resident size until mapped. A jail without cgroups, which bounds memory by
// watching resident sizes, answers them ENOSYS (as a kernel without them
// would; programs that use them fall back to ordinary memory); under a cgroup
// their pages count against the run's limit.
var memoryFileCalls = []uint32{unix.SYS_MEMFD_CREATE, unix.SYS_MEMFD_SECRET}

// socketFamilies are the address families a jailed program may open sockets
// of: local sockets, IP (its network namespace has loopback only) and netlink
// (namespaced too; the C library asks it for the addresses of the
// interfaces). Every other family answers EAFNOSUPPORT, as for a family the
// kernel lacks: some are not confined by a network namespace at all (vsock
// shares the machine's ports with the host and reaches the hypervisor), and
// the rest only widen what a program can reach in the kernel.
var socketFamilies = []uint32{unix.AF_UNIX, unix.AF_INET, unix.AF_INET6, unix.AF_NETLINK}

// auditArch is the seccomp architecture of this build (0: no filter is made).
var auditArch = map[string]uint32{"amd64": unix.AUDIT_ARCH_X86_64, "arm64": unix.AUDIT_ARCH_AARCH64}[runtime.GOARCH]

// bpfOp is one instruction of a filter, with jumps by label.
type bpfOp struct {
	code   uint16
	k      uint32
	jt, jf string // labels ("" is the next instruction)
	label  string // this instruction's label
}

// assemble resolves the labels of ops into a classic BPF program.
func assemble(ops []bpfOp) ([]unix.SockFilter, error) {
	at := map[string]int{}
	for i, op := range ops {
		if op.label != "" {
			at[op.label] = i
		}
	}
	jump := func(from int, label string) (uint8, error) {
		if label == "" {
			return 0, nil
		}
		to, ok := at[label]
		if !ok || to <= from || to-from-1 > 255 {
			return 0, fmt.Errorf("seccomp filter: bad jump to %q", label)
		}
		return uint8(to - from - 1), nil
	}
	out := make([]unix.SockFilter, len(ops))
	for i, op := range ops {
		jt, err := jump(i, op.jt)
		if err != nil {
			return nil, err
		}
		jf, err := jump(i, op.jf)
		if err != nil {
			return nil, err
		}
		out[i] = unix.SockFilter{Code: op.code, Jt: jt, Jf: jf, K: op.k}
	}
	return out, nil
}

// Offsets in struct seccomp_data.
const (
	seccompNr   = 0
	seccompArch = 4
	seccompArg0 = 16 // the low half of the first argument (little endian)
)

// filterOps is the jail's seccomp filter; noMemoryFiles refuses
// memoryFileCalls too.
func filterOps(noMemoryFiles bool) []bpfOp {
	const (
		ld   = unix.BPF_LD | unix.BPF_W | unix.BPF_ABS
		jeq  = unix.BPF_JMP | unix.BPF_JEQ | unix.BPF_K
		jge  = unix.BPF_JMP | unix.BPF_JGE | unix.BPF_K
		jset = unix.BPF_JMP | unix.BPF_JSET | unix.BPF_K
		ret  = unix.BPF_RET | unix.BPF_K
	)
	ops := []bpfOp{
		{code: ld, k: seccompArch},
		{code: jeq, k: auditArch, jf: "nosys"},
		{code: ld, k: seccompNr},
	}
	if runtime.GOARCH == "amd64" {
		ops = append(ops, bpfOp{code: jge, k: 0x40000000, jt: "nosys"}) // the x32 ABI
	}
	ops = append(ops,
		bpfOp{code: jeq, k: unix.SYS_UNSHARE, jt: "flags"},
		bpfOp{code: jeq, k: unix.SYS_CLONE, jt: "flags"},
		bpfOp{code: jeq, k: unix.SYS_CLONE3, jt: "nosys"},
		bpfOp{code: jeq, k: unix.SYS_SOCKET, jt: "family"})
	for _, nr := range refusedCalls {
		ops = append(ops, bpfOp{code: jeq, k: nr, jt: "eperm"})
	}
	if noMemoryFiles {
		for _, nr := range memoryFileCalls {
			ops = append(ops, bpfOp{code: jeq, k: nr, jt: "nosys"})
		}
	}
	ops = append(ops,
		bpfOp{code: ret, k: unix.SECCOMP_RET_ALLOW},
		bpfOp{code: ld, k: seccompArg0, label: "flags"},
		bpfOp{code: jset, k: unix.CLONE_NEWUSER, jt: "eperm"},
		bpfOp{code: ret, k: unix.SECCOMP_RET_ALLOW},
		bpfOp{code: ld, k: seccompArg0, label: "family"})
	for _, f := range socketFamilies {
		ops = append(ops, bpfOp{code: jeq, k: f, jt: "allow"})
	}
	return append(ops,
		bpfOp{code: ret, k: unix.SECCOMP_RET_ERRNO | uint32(unix.EAFNOSUPPORT)},
		bpfOp{code: ret, k: unix.SECCOMP_RET_ALLOW, label: "allow"},
		bpfOp{code: ret, k: unix.SECCOMP_RET_ERRNO | uint32(unix.EPERM), label: "eperm"},
		bpfOp{code: ret, k: unix.SECCOMP_RET_ERRNO | uint32(unix.ENOSYS), label: "nosys"})
}

// installFilter puts this process, and every process it starts from now on,
// under the jail's seccomp filter (no_new_privs must be set); see filterOps
// for noMemoryFiles. On an architecture without a filter here it does nothing.
func installFilter(noMemoryFiles bool) error {
	if auditArch == 0 {
		return nil
	}
	prog, err := assemble(filterOps(noMemoryFiles))
	if err != nil {
		return err
	}
	fprog := unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}
	if err := unix.Prctl(unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&fprog)), 0, 0); err != nil {
		return fmt.Errorf("installing the seccomp filter: %w", err)
	}
	runtime.KeepAlive(prog)
	return nil
}
