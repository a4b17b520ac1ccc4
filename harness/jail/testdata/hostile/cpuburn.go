// expect: TLE
// Burns CPU on several goroutines.
package main

func main() {
	for i := 0; i < 3; i++ {
		go func() {
			x := 0
			for {
				x++
			}
		}()
	}
	select {}
}
