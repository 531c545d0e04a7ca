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
		"skip":           "Skip to the text",
		"search":         "Search the notebook",
		"dark":           "Dark mode",
		"footer":         "gmpbook simulates the Go 1.26 scheduler. Runtime references link to the Go 1.26.8 source.",
		"prev":           "← Previous",
		"next":           "Next →",
		"contents":       "Contents",
		"contents.back":  "← Contents",
		"all":            "All chapters",
		"chapter":        "Chapter %d",
		"present":        "Present",
		"present.title":  "This chapter as slides, to present",
		"goals":          "Goals",
		"noscript":       "Scenes play with JavaScript on. Without it you can still read everything, see each scene's poster and its source.",
		"noplayer":       "This build has no player, so scenes show their posters only.",
		"title":          "The Go scheduler, one goroutine at a time",
		"lede":           "gmpbook is an interactive notebook about how Go runs goroutines: the Gs, Ms and Ps of the runtime, their run queues, work stealing, system calls, preemption, timers and the network poller.",
		"chapters":       "Chapters",
		"slides":         "slides",
		"switch":         "中文",
		"switch.title":   "阅读中文版",
		"notfound":       "Not found",
		"claim":          "Claim",
		"verdict":        "Verdict",
		"play":           "Play",
		"play.scene":     " the scene “%s”",
		"loading":        "Loading the player…",
		"output.of":      "Output of the run",
		"output":         "Output",
		"tools":          "More ways to run the scene “%s”",
		"seeds":          "Run over 100 seeds",
		"compare.with":   "Compare the scene with",
		"with.go":        "with Go %s",
		"with.procs":     "with GOMAXPROCS %d",
		"compare":        "Compare",
		"trace.title":    "The run shown, as Chrome trace JSON for Perfetto (ui.perfetto.dev)",
		"trace":          "Download trace",
		"seeds.label":    "Outputs of “%s” over 100 seeds",
		"real.dist":      "What the real runtime printed over %d runs (%s)",
		"runs":           "Runs",
		"share":          "Share",
		"last.line":      "Last line printed",
		"other":          "and %d other outputs",
		"source":         "Source",
		"edited":         "edited",
		"rerun.title":    "Run the edited scene (Ctrl+Enter)",
		"rerun":          "Re-run",
		"reset":          "Reset",
		"copy.link":      "Copy link",
		"predict":        "Predict, then run",
		"answer":         "Your answer",
		"check":          "Run and check",
		"reveal":         "Just show me",
		"the.answer":     "The answer",
		"real":           "Run it for real",
		"real.save":      "Save the complete program as %s and run it on the Go toolchain installed on your machine:",
		"copy":           "Copy",
		"real.program":   "The complete program, %s",
		"real.printed":   "What the real runtime printed when the test suite ran it:",
		"real.pending":   "The test suite has not captured this program's output yet.",
		"real.check":     "The test suite runs this program on the real runtime and checks the claim (%s).",
		"scene.untitled": "Scene %s",
		"ref.title":      "%s in the Go %s runtime source",
		// the slides (templates/present.html)
		"p.title":        "slides",
		"p.where":        "Chapter %d as slides · ",
		"p.read":         "read the chapter",
		"p.noscript":     "The slides play as a presentation with JavaScript on. Without it they follow one another here, each scene as its narrated steps.",
		"p.deck":         "Chapter %d, %s: slides",
		"p.after":        "After this chapter you will be able to:",
		"p.step":         "Step %d",
		"p.start":        "Start",
		"p.answer":       "The answer",
		"p.says":         "The simulator says",
		"p.printed":      "What the real runtime printed:",
		"p.switch":       "中文",
		"p.switch.title": "这一章的中文幻灯片",
	},
	LangZh: {
		"skip":           "跳到正文",
		"search":         "搜索本书",
		"dark":           "深色模式",
		"footer":         "gmpbook 模拟 Go 1.26 的调度器。运行时引用链接到 Go 1.26.8 的源码。",
		"prev":           "← 上一章",
		"next":           "下一章 →",
		"contents":       "目录",
		"contents.back":  "← 目录",
		"all":            "全部章节",
		"chapter":        "第 %d 章",
		"present":        "演示",
		"present.title":  "把本章当作幻灯片放映",
		"goals":          "本章目标",
		"noscript":       "场景需要开启 JavaScript 才能播放。不开也能读全文，看到每个场景的示意图和源码。",
		"noplayer":       "这个构建没有播放器，场景只显示示意图。",
		"title":          "Go 调度器，一次一个 goroutine",
		"lede":           "gmpbook 是一本讲 Go 如何运行 goroutine 的交互式笔记：运行时里的 G、M、P，它们的运行队列、工作窃取、系统调用、抢占、定时器和网络轮询器。",
		"chapters":       "章节",
		"slides":         "幻灯片",
		"switch":         "English",
		"switch.title":   "Read the English edition",
		"notfound":       "页面不存在",
		"claim":          "说法",
		"verdict":        "结论",
		"play":           "播放",
		"play.scene":     "场景“%s”",
		"loading":        "正在载入播放器…",
		"output.of":      "这次运行的输出",
		"output":         "输出",
		"tools":          "运行场景“%s”的其他方式",
		"seeds":          "用 100 个种子各运行一次",
		"compare.with":   "把场景与之对比",
		"with.go":        "对比 Go %s",
		"with.procs":     "对比 GOMAXPROCS %d",
		"compare":        "对比",
		"trace.title":    "把当前这次运行存成 Chrome trace JSON，可在 Perfetto（ui.perfetto.dev）中打开",
		"trace":          "下载 trace",
		"seeds.label":    "“%s”在 100 个种子下的输出",
		"real.dist":      "真实运行时 %d 次运行的输出（%s）",
		"runs":           "次数",
		"share":          "占比",
		"last.line":      "最后一行输出",
		"other":          "以及其他 %d 种输出",
		"source":         "源码",
		"edited":         "已修改",
		"rerun.title":    "运行修改后的场景（Ctrl+Enter）",
		"rerun":          "重新运行",
		"reset":          "还原",
		"copy.link":      "复制链接",
		"predict":        "先预测，再运行",
		"answer":         "你的答案",
		"check":          "运行并核对",
		"reveal":         "直接看答案",
		"the.answer":     "答案",
		"real":           "在真实运行时上跑一遍",
		"real.save":      "把完整程序存为 %s，用你机器上装的 Go 工具链运行：",
		"copy":           "复制",
		"real.program":   "完整程序 %s",
		"real.printed":   "测试套件运行它时，真实运行时的输出：",
		"real.pending":   "测试套件还没有记录这个程序的输出。",
		"real.check":     "测试套件会在真实运行时上运行这个程序并核对这一说法（%s）。",
		"scene.untitled": "场景 %s",
		"ref.title":      "Go %[2]s 运行时源码中的 %[1]s",
		"p.title":        "幻灯片",
		"p.where":        "第 %d 章幻灯片 · ",
		"p.read":         "阅读本章",
		"p.noscript":     "开启 JavaScript 后，这些幻灯片可以当演示放映。不开的话，它们在这里依次排列，每个场景展开成讲解的各个步骤。",
		"p.deck":         "第 %d 章《%s》幻灯片",
		"p.after":        "学完本章，你将能够：",
		"p.step":         "第 %d 步",
		"p.start":        "开始",
		"p.answer":       "答案",
		"p.says":         "模拟器的结果",
		"p.printed":      "真实运行时的输出：",
		"p.switch":       "English",
		"p.switch.title": "This chapter's slides in English",
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

// jsStrings are the texts the page scripts (assets/site.js and
// assets/present.js) put in the page, by key: each edition's table is
// written as assets/strings.LANG.js (window.gmpbookStrings), which the
// page loads before its scripts. "{0}", "{1}", … are filled in by the
// script's t(key, args…). Every key has a form in every language, with the
// same placeholders, and every key a script asks for is here
// (TestEveryUIStringHasEveryLanguage).
var jsStrings = map[string]map[string]string{
	LangEn: {
		// site.js: copying, theme, search
		"copied":       "Copied",
		"press.ctrlc":  "Press Ctrl+C",
		"theme.light":  "Light mode",
		"theme.dark":   "Dark mode",
		"search.none":  "Nothing found for “{0}”.",
		"search.where": "Chapter {0} · {1}",
		// scenes
		"scene.stage":     "Scene “{0}”: space plays or pauses, arrows step",
		"output.aria":     "Output of the scene “{0}”",
		"output":          "Output",
		"stderr":          "standard error",
		"exit.success":    "The program exited with status 0 (success).",
		"exit.status":     "The program exited with status {0}.",
		"nothing.yet":     "Nothing printed yet.",
		"source.aria":     "Source of the scene “{0}” (editable)",
		"diag.goto":       "Put the cursor there",
		"diag.line":       "line {0}: ",
		"diag.linecol":    "line {0}, column {1}: ",
		"player.title":    "Scheduler player: {0}",
		"scene.broken":    "This version of the scene does not run: see the message in its source below.",
		"scene.errors":    "Why the scene does not run (the Go compiler's messages)",
		"tool.frame":      "Scheduler player working out of sight",
		"compare":         "Compare",
		"compare.back":    "Back to one run",
		"comparing":       "Comparing {0}.",
		"seeds.loading":   "Loading the simulator…",
		"seeds.broken":    "The scene does not run: {0}",
		"seeds.running":   "Running seed {0} of {1}…",
		"seeds.done":      "The simulator over seeds {0}…{1} (GOMAXPROCS={2}, {3} timing)",
		"seeds.again":     "Run over 100 seeds again",
		"seeds.what":      "What to count",
		"seeds.count":     "Count ",
		"count.output":    "whole outputs",
		"count.first":     "first lines",
		"count.last":      "last lines",
		"col.output":      "Output",
		"col.first":       "First line",
		"col.last":        "Last line",
		"col.sim":         "Simulator ({0} seeds)",
		"col.real":        "Real runtime ({0} runs)",
		"rest":            "{0} other outputs",
		"nothing":         "(nothing)",
		"distinct.output": "{0} distinct outputs in {1} seeds.",
		"distinct.first":  "{0} distinct first lines in {1} seeds.",
		"distinct.last":   "{0} distinct last lines in {1} seeds.",
		"tvd":             "Total-variation distance from the real runtime: {0} (0: the same distribution, 1: no output in common). Real runs: {1}, GOMAXPROCS={2}.",
		"real.edited":     "The real runtime's distribution is for the scene as written: reset the scene to compare.",
		"real.none":       "The site captures the real runtime's outputs for the chapter scenes at GOMAXPROCS>1 only; this one has none yet.",
		"real.onlymulti":  "The site captures the real runtime's outputs for the chapter scenes at GOMAXPROCS>1 only.",
		"trace.none":      "No trace: {0}",
		"trace.saved.of":  "Saved the trace of {0}: open it in ui.perfetto.dev.",
		"trace.saved":     "Saved the trace: open it in ui.perfetto.dev.",
		"trace.working":   "Simulating the run for its trace…",
		// predict, then run
		"watch":             "Watch it run",
		"predict.empty":     "Make your prediction first.",
		"predict.right":     "Right. The simulator agrees: {0}",
		"predict.right.try": "Right, on try {1}. The simulator agrees: {0}",
		"predict.wrong":     "Not quite. Try again, or press “Just show me”.",
		"predict.wrong.try": "Not quite (try {0}). Try again, or press “Just show me”.",
		"predict.says":      "The simulator says: {0}",
		// present.js
		"p.answer.shown":  "Answer shown: {0}",
		"p.answer.hidden": "The answer is hidden; the next key reveals it.",
		"p.scene":         "scene",
		"p.player.error":  "The player could not run this scene: {0}",
		"p.announce":      "Slide {0} of {1}: {2}",
		"p.slide":         "Slide {0}: {1}",
		"p.all":           "All slides",
		"p.slides":        "Slides",
		"p.goto":          "Go to slide {0} of {1}",
		"p.keys":          "Keys",
		"p.key.next":      "next step, then next slide",
		"p.key.back":      "back",
		"p.key.ends":      "first, last slide",
		"p.key.goto":      "go to slide 12",
		"p.key.goto.keys": "12 Enter  or  g 12 Enter",
		"p.key.overview":  "overview of all slides",
		"p.key.presenter": "presenter view (a second window with notes and a timer)",
		"p.key.play":      "play or pause the scene",
		"p.key.full":      "full screen",
		"p.key.black":     "black screen",
		"p.key.theme":     "light or dark",
		"p.key.lang":      "these slides in Chinese (中文), at the same slide",
		"p.key.help":      "this help",
		"p.blocked":       "The browser blocked the presenter window: ",
		"p.open.here":     "open it here",
		"p.blocked.end":   ".",
		"p.hint":          "→ next · o overview · p presenter view · ? keys",
		"p.deck":          "slide deck",
		"p.timer":         "Time since the start",
		"p.pause":         "Pause",
		"p.resume":        "Resume",
		"p.reset":         "Reset",
		"p.now.aria":      "Current slide",
		"p.now":           "Now",
		"p.next.aria":     "Next slide",
		"p.next":          "Next",
		"p.notes.aria":    "Speaker notes",
		"p.notes":         "Notes",
		"p.presenter":     "Presenter · {0}",
		"p.pos":           "Slide {0} / {1}",
		"p.step":          "Step {0} / {1}",
		"p.nosteps":       "No steps",
		"p.next.step":     "Next on this slide: {0}",
		"p.then":          " · then slide {0}: {1}",
		"p.end":           "End of the chapter",
		"p.nonotes":       "No notes for this slide.",
		"p.audience":      "The audience’s player is at event {0}.",
		"p.audience.of":   "The audience’s player is at event {0} of {1}.",
		"p.audience.time": "The audience’s player is at event {0} of {1} ({2}).",
		"p.where":         "Chapter {0} · {1}",
	},
	LangZh: {
		"copied":       "已复制",
		"press.ctrlc":  "请按 Ctrl+C",
		"theme.light":  "浅色模式",
		"theme.dark":   "深色模式",
		"search.none":  "没有找到“{0}”。",
		"search.where": "第 {0} 章 · {1}",

		"scene.stage":     "场景“{0}”：空格键播放或暂停，方向键单步",
		"output.aria":     "场景“{0}”的输出",
		"output":          "输出",
		"stderr":          "标准错误",
		"exit.success":    "程序正常退出，退出状态为 0。",
		"exit.status":     "程序退出，退出状态为 {0}。",
		"nothing.yet":     "还没有输出。",
		"source.aria":     "场景“{0}”的源码（可编辑）",
		"diag.goto":       "把光标移到这里",
		"diag.line":       "第 {0} 行：",
		"diag.linecol":    "第 {0} 行第 {1} 列：",
		"player.title":    "调度器播放器：{0}",
		"scene.broken":    "这一版场景无法运行：出错的位置和 Go 编译器的原文信息见下方源码。",
		"scene.errors":    "场景无法运行的原因（Go 编译器的原文信息）",
		"tool.frame":      "在后台工作的调度器播放器",
		"compare":         "对比",
		"compare.back":    "回到单次运行",
		"comparing":       "正在对比：{0}。",
		"seeds.loading":   "正在载入模拟器…",
		"seeds.broken":    "场景无法运行：{0}",
		"seeds.running":   "正在运行第 {0} 个种子（共 {1} 个）…",
		"seeds.done":      "模拟器在种子 {0}…{1} 下的结果（GOMAXPROCS={2}，{3} 计时）",
		"seeds.again":     "再用 100 个种子运行一次",
		"seeds.what":      "统计什么",
		"seeds.count":     "统计：",
		"count.output":    "完整输出",
		"count.first":     "第一行",
		"count.last":      "最后一行",
		"col.output":      "输出",
		"col.first":       "第一行",
		"col.last":        "最后一行",
		"col.sim":         "模拟器（{0} 个种子）",
		"col.real":        "真实运行时（{0} 次运行）",
		"rest":            "其他 {0} 种输出",
		"nothing":         "（没有输出）",
		"distinct.output": "{1} 个种子中共有 {0} 种不同的输出。",
		"distinct.first":  "{1} 个种子中共有 {0} 种不同的第一行。",
		"distinct.last":   "{1} 个种子中共有 {0} 种不同的最后一行。",
		"tvd":             "与真实运行时的全变差距离：{0}（0 表示分布相同，1 表示没有共同的输出）。真实运行：{1}，GOMAXPROCS={2}。",
		"real.edited":     "真实运行时的分布对应原样的场景：还原场景后才能对比。",
		"real.none":       "本站只为 GOMAXPROCS>1 的章节场景记录真实运行时的输出；这个场景还没有记录。",
		"real.onlymulti":  "本站只为 GOMAXPROCS>1 的章节场景记录真实运行时的输出。",
		"trace.none":      "没有 trace：{0}",
		"trace.saved.of":  "已保存 {0} 的 trace：可在 ui.perfetto.dev 中打开。",
		"trace.saved":     "已保存 trace：可在 ui.perfetto.dev 中打开。",
		"trace.working":   "正在模拟这次运行，生成 trace…",

		"watch":             "看它运行",
		"predict.empty":     "请先写下你的预测。",
		"predict.right":     "答对了。模拟器的结果与你一致：{0}",
		"predict.right.try": "答对了（第 {1} 次）。模拟器的结果与你一致：{0}",
		"predict.wrong":     "不太对。再试一次，或者点“直接看答案”。",
		"predict.wrong.try": "不太对（第 {0} 次）。再试一次，或者点“直接看答案”。",
		"predict.says":      "模拟器的结果：{0}",

		"p.answer.shown":  "已揭晓答案：{0}",
		"p.answer.hidden": "答案还没揭晓；再按一次键就会显示。",
		"p.scene":         "场景",
		"p.player.error":  "播放器无法运行这个场景：{0}",
		"p.announce":      "第 {0} 张，共 {1} 张：{2}",
		"p.slide":         "第 {0} 张：{1}",
		"p.all":           "全部幻灯片",
		"p.slides":        "幻灯片",
		"p.goto":          "跳到第 {0} 张（共 {1} 张）",
		"p.keys":          "快捷键",
		"p.key.next":      "下一步，然后下一张",
		"p.key.back":      "后退",
		"p.key.ends":      "第一张、最后一张",
		"p.key.goto":      "跳到第 12 张",
		"p.key.goto.keys": "12 Enter  或  g 12 Enter",
		"p.key.overview":  "全部幻灯片一览",
		"p.key.presenter": "演讲者视图（第二个窗口，有备注和计时器）",
		"p.key.play":      "播放或暂停场景",
		"p.key.full":      "全屏",
		"p.key.black":     "黑屏",
		"p.key.theme":     "浅色或深色",
		"p.key.lang":      "切换到英文（English）幻灯片，停在同一张",
		"p.key.help":      "本帮助",
		"p.blocked":       "浏览器拦截了演讲者窗口：",
		"p.open.here":     "在这里打开",
		"p.blocked.end":   "。",
		"p.hint":          "→ 下一步 · o 一览 · p 演讲者视图 · ? 快捷键",
		"p.deck":          "幻灯片",
		"p.timer":         "开讲以来的时间",
		"p.pause":         "暂停",
		"p.resume":        "继续",
		"p.reset":         "归零",
		"p.now.aria":      "当前幻灯片",
		"p.now":           "当前",
		"p.next.aria":     "下一张幻灯片",
		"p.next":          "接下来",
		"p.notes.aria":    "演讲者备注",
		"p.notes":         "备注",
		"p.presenter":     "演讲者 · {0}",
		"p.pos":           "第 {0} / {1} 张",
		"p.step":          "第 {0} / {1} 步",
		"p.nosteps":       "没有分步",
		"p.next.step":     "本张的下一步：{0}",
		"p.then":          " · 然后是第 {0} 张：{1}",
		"p.end":           "本章结束",
		"p.nonotes":       "这张幻灯片没有备注。",
		"p.audience":      "观众那边的播放器停在第 {0} 个事件。",
		"p.audience.of":   "观众那边的播放器停在第 {0} 个事件（共 {1} 个）。",
		"p.audience.time": "观众那边的播放器停在第 {0} 个事件（共 {1} 个，{2}）。",
		"p.where":         "第 {0} 章 · {1}",
	},
}

// JSStringsName is the asset that gives the page scripts lang's texts.
func JSStringsName(lang string) string { return "assets/strings." + pageLang(lang) + ".js" }

// jsStringsFile is the script that sets window.gmpbookStrings to lang's
// table of jsStrings.
func jsStringsFile(lang string) ([]byte, error) {
	table, ok := jsStrings[lang]
	if !ok {
		return nil, fmt.Errorf("site: no script texts for %q", lang)
	}
	data, err := jsonCompact(table)
	if err != nil {
		return nil, err
	}
	out := "// The page scripts' texts in this edition (" + lang + "), from site/strings.go.\nwindow.gmpbookStrings = " + string(data) + ";\n"
	return []byte(out), nil
}
