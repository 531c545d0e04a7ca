package main

func main() {
	goto end
end:
}
