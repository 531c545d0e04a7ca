package vm

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// The cost of a map access.
//
// Compiled, an access hashes its key, probes the table's control words,
// compares the key with the slots' that match, and reads or writes the
// slot (runtime/maps: runtime_mapaccess1_fast64, runtime_mapassign_faststr
// and the like). The VM charges, as measured by cmd/calibrate's "map"
// shapes (docs/scenes.md):
//
//   - a base cost by key kind, costMapInt for integer and boolean keys,
//     costMapStr for the others (strings; structs, floats and interfaces
//     hash at least as slowly);
//   - for a string key, costMapByte for each of its bytes, which the hash
//     and the comparison read;
//   - when the table no longer fits in the cache, a cache miss for each
//     line the access touches: costMapL3 beyond the L2 cache
//     (mapL2Bytes), costMapDRAM beyond what the L3 cache keeps for a core
//     (mapL3Bytes); an access touches the slot's line, and for a string
//     key also the line of the key's bytes, which live elsewhere;
//   - for an assignment that adds an entry beyond the capacity the map
//     was made with (8 without a size hint), costMapGrow: the runtime
//     copies a full table into one twice as large, or splits it in two
//     once it has 1024 slots (internal/runtime/maps/table.go:grow,
//     split), about one copied entry per insertion over the map's life.
//
// m[k] op= v is one assignment compiled (cmd/compile's order.go rewrites
// it to a single mapassign); its SSA is a lookup and an update of the
// same key, so the update then costs a store only.
//
// An access whose cost depends on its operands ends its segment (see
// instr), so that what it adds comes after the segment's other
// instructions, as the If's misprediction does.
const (
	costMapInt  = 14000 // an access with an integer key, hit or miss
	costMapStr  = 25000 // with a string key, besides its bytes
	costMapByte = 40    // a byte of a string key
	costMapL3   = 12000 // a line of a table beyond the L2 cache
	costMapDRAM = 90000 // a line of a table beyond the L3 cache
	costMapGrow = 15000 // an insertion that grows the map, amortised
	costMapNext = 5500  // a step of a range over a map

	mapL2Bytes = 512 << 10
	mapL3Bytes = 8 << 20
)

// mapCost is what an access to a map of one type charges besides its
// base cost.
type mapCost struct {
	str   bool  // string keys: costMapByte a byte
	entry int64 // bytes an entry takes, with the table's slack
	lines int64 // lines an access touches beyond the cache
}

// mapCostOf returns the map cost of accesses to maps of type mt, and
// their base cost.
func (c *fnCompiler) mapCostOf(mt *types.Map) (*mapCost, int32) {
	kt, vt := mt.Key(), mt.Elem()
	mc := &mapCost{lines: 1}
	base := int32(costMapStr)
	if keyKind(kt) == keyUint {
		base = costMapInt
	}
	// A slot holds the key and the value, and has a control byte; a
	// table is at most 7/8 full.
	entry := c.p.sizes.Sizeof(kt) + c.p.sizes.Sizeof(vt) + 1
	if b, ok := kt.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
		mc.str = true
		mc.lines = 2
		entry += 16 // the key's bytes: a small allocation of their own
	}
	mc.entry = entry * 8 / 7
	return mc, base
}

// chargeMap charges an access to m with a key of keyLen bytes (a string
// key's) besides the instruction's base cost.
func (t *Thread) chargeMap(mc *mapCost, m *Map, keyLen int) {
	if mc.str {
		t.cpu += int64(keyLen) * costMapByte
	}
	if m == nil {
		return
	}
	switch size := int64(m.n) * mc.entry; {
	case size > mapL3Bytes:
		t.cpu += mc.lines * costMapDRAM
	case size > mapL2Bytes:
		t.cpu += mc.lines * costMapL3
	}
}

// chargeInsert charges an assignment to m that made its entries n from
// before.
func (t *Thread) chargeInsert(m *Map, before int) {
	if m.n > before && m.n > max(m.hint, 8) {
		t.cpu += costMapGrow
	}
}

// opAssign reports whether in stores what an operation made of a lookup
// of the same map and key in its block: m[k] op= v.
func opAssign(in *ssa.MapUpdate) bool {
	bin, ok := in.Value.(*ssa.BinOp)
	if !ok {
		return false
	}
	for _, v := range []ssa.Value{bin.X, bin.Y} {
		if l, ok := v.(*ssa.Lookup); ok && !l.CommaOk && l.X == in.Map && l.Index == in.Key && l.Block() == in.Block() {
			return true
		}
	}
	return false
}
