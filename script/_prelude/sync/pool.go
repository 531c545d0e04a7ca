package sync

// A Pool is a set of temporary objects (sync/pool.go). The scenes' Pool
// is one per program, shaped like a single P's poolLocal: Put fills the
// private slot first and then pushes onto the shared list; Get takes the
// private slot first and then the most recently pushed object, and calls
// New when both are empty. That is the real order at GOMAXPROCS=1; with
// more Ps the real Pool keeps one such pair per P and steals from the
// others. There is no garbage collector, so nothing is ever dropped.
type Pool struct {
	private any
	shared  []any

	// New optionally makes a value when Get would otherwise return nil.
	New func() any
}

// Put adds x to the pool.
func (p *Pool) Put(x any) {
	if x == nil {
		return
	}
	p.put(x)
}

// Get takes an arbitrary item from the pool, or returns New's result
// (nil without New) when it is empty.
func (p *Pool) Get() any {
	x := p.get()
	if x == nil && p.New != nil {
		x = p.New()
	}
	return x
}

// put and get are natives (lib_sync.go): one step each, as the real Pool
// pins its P (runtime_procPin) while it works on the poolLocal.
func (p *Pool) put(x any)
func (p *Pool) get() any
