package site

import "fmt"

// Lang is an edition's language tag, as pages put it in <html lang>.
const (
	LangEn = "en"
	LangZh = "zh-CN"
)

// uiStrings is the site chrome's text in each edition, by key. Every key
// has a form in every language (TestEveryUIStringHasEveryLanguage).
var uiStrings = map[string]map[string]string{
	LangEn: {
		"skip":          "Skip to the text",
		"search":        "Search the notebook",
		"dark":          "Dark mode",
		"footer":        "gmpbook simulates the Go 1.26 scheduler. Runtime references link to the Go 1.26.8 source.",
		"prev":          "← Previous",
		"next":          "Next →",
		"contents":      "Contents",
		"contents.back": "← Contents",
		"all":           "All chapters",
		"chapter":       "Chapter %d",
		"present":       "Present",
		"present.title": "This chapter as slides, to present",
		"goals":         "Goals",
		"noscript":      "Scenes play with JavaScript on. Without it you can still read everything, see each scene's poster and its source.",
		"noplayer":      "This build has no player, so scenes show their posters only.",
		"title":         "The Go scheduler, one goroutine at a time",
		"lede":          "gmpbook is an interactive notebook about how Go runs goroutines: the Gs, Ms and Ps of the runtime, their run queues, work stealing, system calls, preemption, timers and the network poller.",
		"chapters":      "Chapters",
		"slides":        "slides",
		"switch":        "中文",
		"switch.title":  "阅读中文版",
		"notfound":      "Not found",
		"claim":         "Claim",
		"verdict":       "Verdict",
	},
	LangZh: {
		"skip":          "跳到正文",
		"search":        "搜索本书",
		"dark":          "深色模式",
		"footer":        "gmpbook 模拟 Go 1.26 的调度器。运行时引用链接到 Go 1.26.8 的源码。",
		"prev":          "← 上一章",
		"next":          "下一章 →",
		"contents":      "目录",
		"contents.back": "← 目录",
		"all":           "全部章节",
		"chapter":       "第 %d 章",
		"present":       "演示",
		"present.title": "把本章当作幻灯片放映",
		"goals":         "本章目标",
		"noscript":      "场景需要开启 JavaScript 才能播放。不开也能读全文，看到每个场景的示意图和源码。",
		"noplayer":      "这个构建没有播放器，场景只显示示意图。",
		"title":         "Go 调度器，一次一个 goroutine",
		"lede":          "gmpbook 是一本讲 Go 如何运行 goroutine 的交互式笔记：运行时里的 G、M、P，它们的运行队列、工作窃取、系统调用、抢占、定时器和网络轮询器。",
		"chapters":      "章节",
		"slides":        "幻灯片",
		"switch":        "English",
		"switch.title":  "Read the English edition",
		"notfound":      "页面不存在",
		"claim":         "说法",
		"verdict":       "结论",
	},
}

// uiText is key's text in lang, formatted with args when it has verbs; a
// missing key is an error at build time, not a blank on the page.
func uiText(lang, key string, args ...any) (string, error) {
	s, ok := uiStrings[lang][key]
	if !ok {
		return "", fmt.Errorf("site: no %s text for %q", lang, key)
	}
	if len(args) > 0 {
		s = fmt.Sprintf(s, args...)
	}
	return s, nil
}
