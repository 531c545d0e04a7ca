package sync

// Map is a map safe for concurrent use (sync/map.go). Each method but
// Range is a native of the VM and one atomic step, as the real map's
// operations are linearizable; Range visits the entries in the order they
// were first stored, where the real map's order follows the keys' hashes,
// so a scene must not depend on it. Keys must be comparable.
type Map struct {
	m map[any]any
}

// Load returns the value stored for key, and whether there was one.
func (m *Map) Load(key any) (value any, ok bool)

// Store sets the value for key.
func (m *Map) Store(key, value any)

// Clear deletes all the entries.
func (m *Map) Clear()

// LoadOrStore returns the existing value for key if there is one;
// otherwise it stores and returns value. loaded says which.
func (m *Map) LoadOrStore(key, value any) (actual any, loaded bool)

// LoadAndDelete deletes the value for key, returning it if there was one.
func (m *Map) LoadAndDelete(key any) (value any, loaded bool)

// Delete deletes the value for key.
func (m *Map) Delete(key any)

// Swap stores value for key and returns the previous value if any.
func (m *Map) Swap(key, value any) (previous any, loaded bool)

// CompareAndSwap swaps the old and new values for key if the value stored
// is equal to old. The old value must be of a comparable type.
func (m *Map) CompareAndSwap(key, old, new any) (swapped bool)

// CompareAndDelete deletes the entry for key if its value is equal to old.
func (m *Map) CompareAndDelete(key, old any) (deleted bool)

// Range calls f for each key and value present in the map, stopping when
// f returns false. It is not a snapshot: entries stored or deleted during
// the calls may or may not be visited.
func (m *Map) Range(f func(key, value any) bool) {
	for k, v := range m.m {
		if !f(k, v) {
			break
		}
	}
}
