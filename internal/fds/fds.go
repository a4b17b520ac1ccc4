// Package fds keeps the descriptors a process inherited from reaching the
// programs it starts.
//
// Go opens every file close-on-exec, but a descriptor the process was given
// without that flag (a lock file of the script that started the judge, a pipe
// of a CI runner) passes on to every child, and a jailed program could read
// or write through it whatever it names outside the jail.
package fds
