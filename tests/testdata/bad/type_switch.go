package main

func describe(v any) string {
	switch v.(type) {
	case int:
		return "int"
	}
	return "other"
}

func main() {
	_ = describe(1)
}
