package script

// Load parses, checks and compiles a scene.
func Load(filename string, src []byte) (*Compiled, error) {
	sc, err := Parse(filename, src)
	if err != nil {
		return nil, err
	}
	return Compile(sc)
}
