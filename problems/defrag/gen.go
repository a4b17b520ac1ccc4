package defrag

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/judgehq/judge/problems"
	"github.com/judgehq/judge/problems/defrag/disk"
)

// GenParams are the generator's parameters, read from name=value pairs.
type GenParams struct {
	Blocks     int     // blocks=N: disk size, 2..32767 (default 32767)
	Free       float64 // free=P: percent of blocks left free, (0, 100) (default 15)
	Files      int     // files=N: number of files, 1..the blocks not free (default blocks/60, or fewer when that many do not fit)
	Sizes      string  // sizes=even|skewed: file sizes about equal, or a few huge and many small (default even)
	Pattern    string  // pattern=random|interleaved|contiguous|endfree|carved (default random)
	Frags      int     // frags=K: most fragments per fragmented file, at least 1 (default 6)
	Fragmented float64 // fragmented=F: share of files split into pieces, [0, 1] (default 0.6)
	Holes      int     // holes=H: number of free gaps, 0 for a default that suits the pattern
	Carves     int     // carves=C: pieces moved away by the carved pattern, 0..blocks (default files/4)
}

// The fragmentation patterns.
var patterns = []string{"random", "interleaved", "contiguous", "endfree", "carved"}

// ParseGenParams reads the generator parameters, applying the defaults.
func ParseGenParams(p problems.Params) (GenParams, error) {
	g := GenParams{Blocks: disk.MaxBlocks, Free: 15, Sizes: "even", Pattern: "random", Frags: 6, Fragmented: 0.6, Files: -1, Carves: -1}
	for _, k := range slices.Sorted(maps.Keys(p)) { // in name order: the first fault named is always the same
		v := p[k]
		var err error
		want := ""
		switch k {
		case "blocks":
			g.Blocks, err = strconv.Atoi(v)
			want = fmt.Sprintf("an integer from 2 to %d", disk.MaxBlocks)
		case "free":
			g.Free, err = strconv.ParseFloat(v, 64)
			want = "a percentage in (0, 100)"
		case "files":
			g.Files, err = strconv.Atoi(v)
			want = "an integer of at least 1"
		case "sizes":
			g.Sizes = v
		case "pattern":
			g.Pattern = v
		case "frags":
			g.Frags, err = strconv.Atoi(v)
			want = "an integer of at least 1"
		case "fragmented":
			g.Fragmented, err = strconv.ParseFloat(v, 64)
			want = "a share in [0, 1]"
		case "holes":
			g.Holes, err = strconv.Atoi(v)
			want = "an integer of at least 0"
		case "carves":
			g.Carves, err = strconv.Atoi(v)
			want = "an integer of at least 0"
		default:
			return g, fmt.Errorf("unknown parameter %q (known: blocks, free, files, sizes, pattern, frags, fragmented, holes, carves)", k)
		}
		if err != nil {
			return g, fmt.Errorf("parameter %s=%q: want %s", k, v, want)
		}
	}
	freeBlocks := g.freeBlocks()
	if _, ok := p["files"]; !ok {
		// A block each at least: a disk left mostly free holds fewer files.
		g.Files = max(1, min(g.Blocks/60, g.Blocks-freeBlocks))
	}
	if _, ok := p["carves"]; !ok {
		g.Carves = max(1, g.Files/4)
	}
	switch {
	case g.Blocks < 2 || g.Blocks > disk.MaxBlocks:
		return g, fmt.Errorf("blocks=%d: want 2..%d", g.Blocks, disk.MaxBlocks)
	case !(g.Free > 0 && g.Free < 100):
		return g, fmt.Errorf("free=%v: want a percentage in (0, 100)", g.Free)
	case g.Files < 1 || g.Files > g.Blocks-freeBlocks:
		return g, fmt.Errorf("files=%d: want 1..%d, a block each at least (blocks=%d with free=%v leaves %d blocks for files)",
			g.Files, g.Blocks-freeBlocks, g.Blocks, g.Free, g.Blocks-freeBlocks)
	case g.Sizes != "even" && g.Sizes != "skewed":
		return g, fmt.Errorf("sizes=%q: want even or skewed", g.Sizes)
	case !slices.Contains(patterns, g.Pattern):
		return g, fmt.Errorf("pattern=%q: want one of %v", g.Pattern, patterns)
	case g.Frags < 1:
		return g, fmt.Errorf("frags=%d: want at least 1", g.Frags)
	case !(g.Fragmented >= 0 && g.Fragmented <= 1):
		return g, fmt.Errorf("fragmented=%v: want a share in [0, 1]", g.Fragmented)
	case g.Holes < 0:
		return g, fmt.Errorf("holes=%d: want 0 (default) or more", g.Holes)
	case g.Carves < 0 || g.Carves > g.Blocks:
		// Each carve scans the disk: the bound keeps the carved pattern to seconds.
		return g, fmt.Errorf("carves=%d: want 0..%d (at most one a block)", g.Carves, g.Blocks)
	}
	return g, nil
}

// freeBlocks returns the number of free blocks: at least 1.
func (g GenParams) freeBlocks() int {
	return min(max(1, int(math.Round(float64(g.Blocks)*g.Free/100))), g.Blocks-1)
}

// Generate returns one defragNN.in for the seed and parameters.
func (p *Problem) Generate(seed int64, params problems.Params) ([]byte, error) {
	g, err := ParseGenParams(params)
	if err != nil {
		return nil, err
	}
	d := g.Disk(rand.New(rand.NewPCG(uint64(seed), 0x64656672616721)))
	out := disk.Format(d)
	if _, err := disk.Parse(out); err != nil {
		return nil, fmt.Errorf("generated an invalid disk (a generator bug): %w", err)
	}
	return out, nil
}

// Disk builds a disk from the parameters and a random source.
func (g GenParams) Disk(r *rand.Rand) *disk.Disk {
	nfree := g.freeBlocks()
	sizes := g.fileSizes(r, g.Blocks-nfree)
	// Split the files into pieces: logical order within each file.
	type piece struct{ file, offset, length int }
	pieces := make([][]piece, len(sizes))
	for f, s := range sizes {
		k := 1
		if g.Pattern != "contiguous" && g.Pattern != "carved" && r.Float64() < g.Fragmented {
			k = 1 + r.IntN(min(g.Frags, s))
		}
		off := 0
		for _, l := range split(r, s, k) {
			pieces[f] = append(pieces[f], piece{f, off, l})
			off += l
		}
	}
	// Physical order of the pieces.
	var order []piece
	switch g.Pattern {
	case "interleaved":
		for round := 0; ; round++ {
			more := false
			for f := range pieces {
				if round < len(pieces[f]) {
					order = append(order, pieces[f][round])
					more = true
				}
			}
			if !more {
				break
			}
		}
	default:
		for _, ps := range pieces {
			order = append(order, ps...)
		}
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	// Free gaps between the pieces.
	gaps := make([]int, len(order)+1)
	if g.Pattern == "endfree" {
		gaps[len(order)] = nfree
	} else {
		holes := g.Holes
		if holes == 0 {
			// Holes about twice the size of an average piece.
			avg := float64(g.Blocks-nfree) / float64(len(order))
			holes = max(1, int(float64(nfree)/(2*avg)))
		}
		holes = min(holes, len(order)+1, nfree)
		slots := r.Perm(len(order) + 1)[:holes]
		for i, l := range split(r, nfree, holes) {
			gaps[slots[i]] = l
		}
	}
	// Lay out: the logical block numbers of each file go to consecutive positions.
	blocks := make([]int32, g.Blocks) // file+1 per block, 0 free
	pos := make([][]int, len(sizes))  // physical position of each logical block
	for f, s := range sizes {
		pos[f] = make([]int, s)
	}
	at := 0
	for i, pc := range order {
		at += gaps[i]
		for j := 0; j < pc.length; j++ {
			blocks[at] = int32(pc.file + 1)
			pos[pc.file][pc.offset+j] = at
			at++
		}
	}
	if g.Pattern == "carved" {
		carve(r, blocks, pos, g.Carves)
	}
	d := &disk.Disk{Blocks: g.Blocks}
	for _, ps := range pos {
		var f disk.File
		for _, b := range ps {
			if n := len(f); n > 0 && f[n-1].End() == b {
				f[n-1].Length++
			} else {
				f = append(f, disk.Fragment{Start: b, Length: 1})
			}
		}
		d.Files = append(d.Files, f)
	}
	return d
}

// fileSizes splits used blocks over the files, each at least one block.
func (g GenParams) fileSizes(r *rand.Rand, used int) []int {
	w := make([]float64, g.Files)
	sum := 0.0
	for i := range w {
		if g.Sizes == "skewed" {
			w[i] = math.Exp(2 * r.NormFloat64())
		} else {
			w[i] = 0.5 + r.Float64()
		}
		sum += w[i]
	}
	sizes := make([]int, g.Files)
	left := used - g.Files
	for i := range sizes {
		sizes[i] = 1 + int(float64(used-g.Files)*w[i]/sum)
		left -= sizes[i] - 1
	}
	for ; left > 0; left-- {
		sizes[r.IntN(len(sizes))]++
	}
	return sizes
}

// split cuts n into k positive parts at random (k ≤ n).
func split(r *rand.Rand, n, k int) []int {
	if k <= 1 {
		return []int{n}
	}
	cuts := make(map[int]bool, k)
	for len(cuts) < k-1 {
		cuts[1+r.IntN(n-1)] = true
	}
	c := make([]int, 0, k+1)
	c = append(c, 0)
	for x := range cuts {
		c = append(c, x)
	}
	c = append(c, n)
	slices.Sort(c)
	parts := make([]int, k)
	for i := range parts {
		parts[i] = c[i+1] - c[i]
	}
	return parts
}

// carve moves up to n spans of the disk into free holes elsewhere, the way a run of
// careless moves would: each span starts and ends on data and may cross file
// boundaries. Putting every span back where it came from undoes them in n moves.
func carve(r *rand.Rand, blocks []int32, pos [][]int, n int) {
	for range n {
		// A free hole: pick a random free block and extend it.
		var holes [][2]int
		for b := 0; b < len(blocks); {
			if blocks[b] != 0 {
				b++
				continue
			}
			e := b
			for e < len(blocks) && blocks[e] == 0 {
				e++
			}
			holes = append(holes, [2]int{b, e})
			b = e
		}
		if len(holes) == 0 {
			return
		}
		h := holes[r.IntN(len(holes))]
		hl := h[1] - h[0]
		l := 1 + r.IntN(hl)
		// A span of length l starting and ending on data, outside the hole.
		s := r.IntN(len(blocks) - l + 1)
		if s+l > h[0] && s < h[1] || blocks[s] == 0 || blocks[s+l-1] == 0 {
			continue
		}
		d := h[0] + r.IntN(hl-l+1)
		moved := slices.Clone(blocks[s : s+l])
		for i := range moved {
			blocks[s+i] = 0
		}
		copy(blocks[d:], moved)
		for f := range pos {
			for j, b := range pos[f] {
				if b >= s && b < s+l {
					pos[f][j] = b - s + d
				}
			}
		}
	}
}

// CheckParams implements problems.ParamChecker.
func (*Problem) CheckParams(params problems.Params) error {
	_, err := ParseGenParams(params)
	return err
}
