package site

import (
	"fmt"
	"html/template"
)

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
		"play":          "Play",
		"play.scene":    " the scene “%s”",
		"loading":       "Loading the player…",
		"output.of":     "Output of the run",
		"output":        "Output",
		"tools":         "More ways to run the scene “%s”",
		"seeds":         "Run over 100 seeds",
		"compare.with":  "Compare the scene with",
		"with.go":       "with Go %s",
		"with.procs":    "with GOMAXPROCS %d",
		"compare":       "Compare",
		"trace.title":   "The run shown, as Chrome trace JSON for Perfetto (ui.perfetto.dev)",
		"trace":         "Download trace",
		"seeds.label":   "Outputs of “%s” over 100 seeds",
		"real.dist":     "What the real runtime printed over %d runs (%s)",
		"runs":          "Runs",
		"share":         "Share",
		"last.line":     "Last line printed",
		"other":         "and %d other outputs",
		"source":        "Source",
		"edited":        "edited",
		"rerun.title":   "Run the edited scene (Ctrl+Enter)",
		"rerun":         "Re-run",
		"reset":         "Reset",
		"copy.link":     "Copy link",
		"predict":       "Predict, then run",
		"answer":        "Your answer",
		"check":         "Run and check",
		"reveal":        "Just show me",
		"the.answer":    "The answer",
		"real":          "Run it for real",
		"real.save":     "Save the complete program as %s and run it on the Go toolchain installed on your machine:",
		"copy":          "Copy",
		"real.program":  "The complete program, %s",
		"real.printed":  "What the real runtime printed when the test suite ran it:",
		"real.pending":  "The test suite has not captured this program's output yet.",
		"real.check":    "The test suite runs this program on the real runtime and checks the claim (%s).",
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
		"play":          "播放",
		"play.scene":    "场景“%s”",
		"loading":       "正在载入播放器…",
		"output.of":     "这次运行的输出",
		"output":        "输出",
		"tools":         "运行场景“%s”的其他方式",
		"seeds":         "用 100 个种子各运行一次",
		"compare.with":  "把场景与之对比",
		"with.go":       "对比 Go %s",
		"with.procs":    "对比 GOMAXPROCS %d",
		"compare":       "对比",
		"trace.title":   "把当前这次运行存成 Chrome trace JSON，可在 Perfetto（ui.perfetto.dev）中打开",
		"trace":         "下载 trace",
		"seeds.label":   "“%s”在 100 个种子下的输出",
		"real.dist":     "真实运行时 %d 次运行的输出（%s）",
		"runs":          "次数",
		"share":         "占比",
		"last.line":     "最后一行输出",
		"other":         "以及其他 %d 种输出",
		"source":        "源码",
		"edited":        "已修改",
		"rerun.title":   "运行修改后的场景（Ctrl+Enter）",
		"rerun":         "重新运行",
		"reset":         "还原",
		"copy.link":     "复制链接",
		"predict":       "先预测，再运行",
		"answer":        "你的答案",
		"check":         "运行并核对",
		"reveal":        "直接看答案",
		"the.answer":    "答案",
		"real":          "在真实运行时上跑一遍",
		"real.save":     "把完整程序存为 %s，用你机器上装的 Go 工具链运行：",
		"copy":          "复制",
		"real.program":  "完整程序 %s",
		"real.printed":  "测试套件运行它时，真实运行时的输出：",
		"real.pending":  "测试套件还没有记录这个程序的输出。",
		"real.check":    "测试套件会在真实运行时上运行这个程序并核对这一说法（%s）。",
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

// uiHTML is the templates' T: key's text in the page's language, escaped,
// with args put in (an argument that is already HTML, such as inline
// code, is put in as it is; others are escaped).
func uiHTML(lang, key string, args ...any) (template.HTML, error) {
	format, err := uiText(pageLang(lang), key)
	if err != nil {
		return "", err
	}
	if len(args) == 0 {
		return template.HTML(template.HTMLEscapeString(format)), nil
	}
	safe := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case template.HTML:
			safe[i] = a
		case string:
			safe[i] = template.HTMLEscapeString(a)
		default:
			safe[i] = a
		}
	}
	return template.HTML(fmt.Sprintf(template.HTMLEscapeString(format), safe...)), nil
}
