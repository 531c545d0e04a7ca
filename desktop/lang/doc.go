// Package lang is the desktop app's languages and its one table of
// interface strings: every word the reading mode, the page typesetter and
// presentation mode show (buttons, tips, messages, the search box, the
// help overlay, the presenter's chrome) is looked up here by key, in the
// reader's language.
//
//   - Lang: English or Simplified Chinese, with the names the saved state
//     and the command line use ("en", "zh").
//   - FromEnv: the first-run default, from the locale variables
//     (LC_ALL, then LC_MESSAGES, then LANG, as POSIX orders them).
//   - T and F: a string, or a format, by key.
//
// Every key has every language: lang_test.go fails on a key that lacks
// one, on a key the desktop's sources use that the table lacks, and on a
// Chinese string with a character the desktop's embedded fonts cannot
// draw. It imports nothing of the project.
package lang
