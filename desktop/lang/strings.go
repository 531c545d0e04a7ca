package lang

// table is every string the desktop app shows, by key, in each language.
// Keys are grouped by who shows them: "page." desktop/page, "read."
// the reading mode, "present." presentation mode. A %-verb is filled by
// F; the Chinese words follow the Chinese edition's glossary
// (chapters/zh/glossary.tsv) and the website's string table.
var table = map[string][Count]string{
	// desktop/page: the labels a chapter page adds to the chapter's words.
	"page.scene":        {"Scene %s", "场景 %s"},
	"page.predict":      {"Predict, then run", "先预测，再运行"},
	"page.answer":       {"Your answer:", "你的答案："},
	"page.real":         {"Run it for real", "在真实运行时上跑一遍"},
	"page.real.save":    {"Save the scene's complete program as %s and run it on the Go toolchain installed on your machine:", "把场景的完整程序存为 %s，用你机器上装的 Go 工具链运行："},
	"page.real.printed": {"What the real runtime printed when the test suite ran it:", "测试套件运行它时，真实运行时的输出："},
	"page.real.pending": {"The test suite has not captured this program's output yet.", "测试套件还没有记录这个程序的输出。"},
	"page.real.check":   {"The test suite runs this program on the real runtime and checks the claim (%s).", "测试套件会在真实运行时上运行这个程序并核对这一说法（%s）。"},
	"page.claim":        {"Claim", "说法"},
	"page.verdict":      {"Verdict", "结论"},
	"page.more.lines":   {"… %d more lines", "…… 还有 %d 行"},
}

func init() {
	for k, v := range readStrings {
		table[k] = v
	}
}

// readStrings are the reading mode's (desktop/read).
var readStrings = map[string][Count]string{
	"read.book.broken": {"The chapters could not be read", "无法读取各章"},
	"read.lang.none":   {"This book has no other language", "这本书没有其他语言的版本"},
	// The toolbar.
	"read.button.toc":    {"≡ Contents", "≡ 目录"},
	"read.button.search": {"Search", "搜索"},
	"read.button.dark":   {"Dark", "深色"},
	"read.button.light":  {"Light", "浅色"},
	"read.mode.present":  {"Present", "演示"},
	"read.tip.toc":       {"Show or hide the table of contents (t)", "显示或隐藏目录（t）"},
	"read.tip.back":      {"Back (Alt+← or Backspace)", "后退（Alt+← 或 Backspace）"},
	"read.tip.forward":   {"Forward (Alt+→)", "前进（Alt+→）"},
	"read.tip.lang.en":   {"Read this section in English (l)", "用英文阅读本节（l）"},
	"read.tip.lang.zh":   {"Read this section in Chinese (l)", "用中文阅读本节（l）"},
	"read.tip.mode":      {"%s this chapter as slides", "把本章作为幻灯片%s"},
	"read.tip.search":    {"Search the book (Ctrl+F or /)", "搜索全书（Ctrl+F 或 /）"},
	"read.tip.smaller":   {"Smaller type (Ctrl+−; Ctrl+0 resets)", "缩小字号（Ctrl+−；Ctrl+0 还原）"},
	"read.tip.larger":    {"Larger type (Ctrl+=; Ctrl+0 resets)", "放大字号（Ctrl+=；Ctrl+0 还原）"},
	"read.tip.theme":     {"Switch between the light and the dark theme (d)", "在浅色和深色主题之间切换（d）"},
	// The chapter's opening.
	"read.chapter": {"Chapter %d", "第 %d 章"},
	"read.goals":   {"Goals", "本章目标"},
	// A chapter that could not be read.
	"read.error.title":       {"This chapter could not be read", "无法读取这一章"},
	"read.error.title.named": {"%s: this chapter could not be read", "%s：无法读取这一章"},
	"read.error.nomessage":   {"(no message)", "（没有错误信息）"},
	"read.error.hint":        {"The other chapters still open: choose one in the contents, or press ] for the next and [ for the previous.", "其他章节仍然可以打开：在目录里选一章，或按 ] 看下一章、按 [ 看上一章。"},
	"read.error.fix":         {"Fix the file and start the app again to read it.", "改好文件后重新启动本程序即可阅读。"},
	"read.error.layout":      {"laying the chapter out failed: %s", "排版这一章时出错：%s"},
	// Messages in the status line.
	"read.no.heading":    {"No heading #%s in %s", "%[2]s 中没有标题 #%[1]s"},
	"read.no.chapter":    {"No chapter %s in this book", "本书中没有章节 %s"},
	"read.no.scene":      {"No scene %s in this book", "本书中没有场景 %s"},
	"read.first.chapter": {"This is the first chapter", "这已经是第一章"},
	"read.last.chapter":  {"This is the last chapter", "这已经是最后一章"},
	"read.found":         {"Found “%s” in %s", "在 %[2]s 中找到“%[1]s”"},
	"read.found.section": {"“%s”: %s § %s", "“%s”：%s § %s"},
	"read.predict.err":   {"The scene did not run: ", "场景没有运行成功："},
	"read.predict.right": {"Right. The simulator agrees: ", "答对了，模拟器的结果一样："},
	"read.predict.wrong": {"Not quite. The simulator says: ", "不太对，模拟器的结果是："},
	"read.scene.failed":  {"The scene %s could not run: %s", "场景 %s 无法运行：%s"},
	"read.position":      {"%d of %d", "%d / %d"},
	"read.toc.broken":    {"%s: could not be read", "%s：无法读取"},
	"read.toc.open":      {"Open %s", "打开 %s"},
	"read.link.section":  {"Go to %s § %s", "转到 %s § %s"},
	"read.link.chapter":  {"Go to %s", "转到 %s"},
	"read.link.anchor":   {"Go to § %s", "转到 § %s"},
	"read.link.web":      {"Web link (this app is offline; open it in a browser): ", "网页链接（本程序离线，请另用网页程序打开）："},
	"read.link.ref":      {"Runtime source %s — offline: the source is in $(go env GOROOT)/src/runtime/%s", "运行时源码 %s，离线版：源码在 $(go env GOROOT)/src/runtime/%s"},
	"read.link.other":    {"Link: ", "链接："},
	"read.tip.choice":    {"Choose this answer: the scene runs in the simulator and your answer is graded", "选这个答案：场景会在模拟器中运行，并判断你的答案"},
	"read.tip.scene":     {"Scene: click it, then space plays and pauses, ←/→ step, Home/End jump, s/h/p the next steal, hand-off or preemption", "场景：点击它，然后空格键播放或暂停，←/→ 单步，Home/End 跳到首尾，s/h/p 跳到下一次窃取、移交或抢占"},
	"read.tip.result":    {"Go to this result (Enter)", "转到这条结果（Enter）"},
	"read.tip.reveal":    {"Show the explanation without answering", "不作答，直接显示解释"},
	"read.focus.enter":   {" (Enter)", "（Enter）"},
	"read.focus.scene":   {"Scene has the keyboard: space plays, ←/→ step, Tab its buttons, Esc gives the keys back to the page", "键盘交给了场景：空格键播放，←/→ 单步，Tab 切换它的按钮，Esc 把键盘还给页面"},
	"read.focus.choice":  {"Enter chooses this answer", "按 Enter 选这个答案"},
	"read.focus.reveal":  {"Enter shows the explanation without answering", "按 Enter 不作答，直接显示解释"},
	"read.hint":          {"/ search · [ ] previous/next chapter · t contents · d theme · Ctrl+= Ctrl+− type size · Alt+← back · Tab focus", "/ 搜索 · [ ] 上一章/下一章 · t 目录 · d 主题 · Ctrl+= Ctrl+− 字号 · Alt+← 后退 · Tab 焦点"},
	"read.hint.lang":     {"/ search · [ ] previous/next chapter · t contents · d theme · l 中文 · Ctrl+= Ctrl+− type size · Alt+← back · Tab focus", "/ 搜索 · [ ] 上一章/下一章 · t 目录 · d 主题 · l English · Ctrl+= Ctrl+− 字号 · Alt+← 后退 · Tab 焦点"},
	// The exercises.
	"read.veil":          {"The explanation stays hidden until you answer the exercise above.", "先回答上面的练习，解释才会显示。"},
	"read.veil.show":     {"Click here to show it anyway.", "点这里直接显示。"},
	"read.verdict.err":   {"The scene did not run", "场景没有运行成功"},
	"read.verdict.right": {"Right — the simulator agrees", "答对了，与模拟器一致"},
	"read.verdict.wrong": {"Not quite — the simulator says: ", "不太对，模拟器的结果是："},
	"read.watch":         {"► watch it run", "► 看它运行"},
	// The search box.
	"read.search.placeholder": {"Search the book", "搜索全书"},
	"read.search.none":        {"No section mentions “%s”", "没有哪一节提到“%s”"},
	"read.search.more":        {"More sections match: add a word to narrow the search", "匹配的小节还有更多：再加一个词缩小范围"},
}

func init() {
	for k, v := range presentStrings {
		table[k] = v
	}
}

// presentStrings are presentation mode's (desktop/present and the
// windows of package desktop).
var presentStrings = map[string][Count]string{
	"present.error.title":       {"This chapter cannot be shown", "这一章无法放映"},
	"present.error.fix":         {"Fix the chapter and open it again.", "改好这一章后重新打开。"},
	"present.error.scene":       {"The rest of the chapter can be shown: this slide's scene could not be run.", "这张幻灯片的场景无法运行，本章其余部分仍可放映。"},
	"present.goals":             {"After this chapter you will be able to:", "学完本章，你将能够："},
	"present.answer":            {"ANSWER", "答案"},
	"present.prints.nothing":    {"(it prints nothing)", "（没有输出）"},
	"present.notes.none":        {"No notes for this slide.", "这张幻灯片没有讲稿。"},
	"present.end":               {"End of the chapter", "本章结束"},
	"present.next":              {"Next: %s", "下一张：%s"},
	"present.counter.slide":     {"slide %d/%d", "第 %d/%d 张"},
	"present.counter.step":      {" · step %d/%d", " · 第 %d/%d 步"},
	"present.status.jump":       {"Go to slide %s… (Enter jumps, Esc cancels)", "转到第 %s 张……（Enter 跳转，Esc 取消）"},
	"present.status.black":      {"The screen is black: any key brings the slide back.", "屏幕已黑：按任意键恢复幻灯片。"},
	"present.status.overview":   {"Overview: %s selected. Enter opens it, Esc returns.", "总览：已选中 %s。Enter 打开，Esc 返回。"},
	"present.status.step":       {"Next step %d/%d: %s", "下一步 %d/%d：%s"},
	"present.status.reveal":     {"Next: reveal the answer: ", "下一步：揭晓答案："},
	"present.status.next":       {"Next: slide %d · %s", "下一张：第 %d 张 · %s"},
	"present.status.last":       {"This is the last slide.", "这是最后一张幻灯片。"},
	"present.presenter.open":    {"The presenter window is open.", "演讲者窗口已经打开。"},
	"present.presenter.fail":    {"The presenter window cannot start.", "无法启动演讲者窗口。"},
	"present.presenter.closed":  {"The presenter window closed.", "演讲者窗口已关闭。"},
	"present.audience.black":    {"The audience sees a black screen", "观众看到的是黑屏"},
	"present.audience.overview": {"The audience sees the overview", "观众看到的是总览"},
	"present.loading":           {"Preparing the slides…", "正在准备幻灯片……"},
	// The help overlay (?).
	"present.help.title":      {"Keys", "按键"},
	"key.space":               {"Space", "空格键"},
	"key.backspace":           {"Backspace", "退格键"},
	"present.help.next":       {"next step, then next slide", "下一步，然后下一张"},
	"present.help.prev":       {"previous step, then previous slide", "上一步，然后上一张"},
	"present.help.enter":      {"next; after digits: go to that slide; in the overview: open the selected slide", "下一步；输入数字后：转到那一张；在总览中：打开选中的一张"},
	"present.help.back":       {"previous; after digits: take one back", "上一步；输入数字后：删去一位"},
	"present.help.first":      {"first slide", "第一张"},
	"present.help.last":       {"last slide", "最后一张"},
	"present.help.digit":      {"type a slide number, then Enter", "输入幻灯片编号，再按 Enter"},
	"present.help.overview":   {"overview of all slides (arrows choose, Enter opens, Esc or o closes)", "全部幻灯片的总览（方向键选择，Enter 打开，Esc 或 o 关闭）"},
	"present.help.escape":     {"forget a typed number; close the overview", "清除输入的编号；关闭总览"},
	"present.help.blackout":   {"black screen, and back", "黑屏，再按一次恢复"},
	"present.help.pause":      {"pause or resume the timer", "暂停或继续计时"},
	"present.help.reset":      {"reset the timer", "计时器归零"},
	"present.help.fullscreen": {"full screen", "全屏"},
	"present.help.play":       {"play or pause the scene", "播放或暂停场景"},
	"present.help.close":      {"close the presenter window", "关闭演讲者窗口"},
	"present.help.presenter":  {"presenter window: notes, next slide, timer", "演讲者窗口：讲稿、下一张、计时器"},
	"present.help.quit":       {"back to reading (Esc leaves full screen first)", "回到阅读（Esc 先退出全屏）"},
	"present.help.theme":      {"light or dark theme", "浅色或深色主题"},
	"present.help.help":       {"show or hide these keys", "显示或隐藏这些按键"},
}
