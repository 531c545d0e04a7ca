package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

func main() {
	t := time.Date(2024, time.February, 29, 13, 4, 5, 123456789, time.UTC)
	fmt.Println(t)
	fmt.Println(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Weekday(), t.YearDay())
	for _, l := range []string{time.Layout, time.ANSIC, time.UnixDate, time.RubyDate, time.RFC822, time.RFC822Z,
		time.RFC850, time.RFC1123, time.RFC1123Z, time.RFC3339, time.RFC3339Nano, time.Kitchen, time.Stamp,
		time.StampMilli, time.StampMicro, time.StampNano, time.DateTime, time.DateOnly, time.TimeOnly,
		"Monday January 2 06 3:4:5 pm", "_2 __2 002 .000 ,999 .9", "2006-01-02T15:04:05.000000Z07:00:00 -07 Z07"} {
		fmt.Println(t.Format(l))
	}
	z := time.FixedZone("XST", -(3*3600 + 30*60))
	tz := t.In(z)
	fmt.Println(tz, tz.Format(time.RFC3339), tz.Format("-0700 -07:00 -07 Z0700 MST"), tz.Equal(t))
	name, off := tz.Zone()
	fmt.Println(name, off, tz.Location(), t.Location(), time.UTC, time.Local)
	fmt.Println(t.AddDate(0, 1, 0), t.AddDate(1, 0, 0), t.AddDate(0, 0, -60), t.AddDate(0, -14, 400))
	fmt.Println(time.Date(2023, 14, 35, 25, 61, 61, 1e9+5, time.UTC))
	fmt.Println(t.Truncate(time.Hour), t.Round(time.Hour), t.Truncate(24*time.Hour), t.Round(7*24*time.Hour), t.Round(0))
	fmt.Println(t.Unix(), t.UnixMilli(), t.UnixMicro(), t.UnixNano())
	u := time.Unix(1700000000, 5).UTC()
	fmt.Println(u, time.UnixMilli(-1).UTC(), time.Unix(0, -1).UTC(), time.UnixMicro(1).UTC())
	fmt.Println(t.Sub(u), u.Sub(t), t.After(u), t.Before(u), t.Compare(u), u.Compare(t), t.Compare(t))
	var zero time.Time
	fmt.Println(zero, zero.IsZero(), zero.Unix(), zero.Weekday(), zero.YearDay(), time.Time{}.Add(time.Hour).IsZero())
	fmt.Println(time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC).IsZero(), time.Date(-5, 3, 1, 0, 0, 0, 0, time.UTC))
	y, w := t.ISOWeek()
	y2, w2 := time.Date(2021, 1, 3, 0, 0, 0, 0, time.UTC).ISOWeek()
	y3, w3 := time.Date(2020, 12, 31, 0, 0, 0, 0, time.UTC).ISOWeek()
	fmt.Println(y, w, y2, w2, y3, w3)
	fmt.Println(time.Month(13), time.Weekday(8), time.March, time.Saturday)
	fmt.Printf("%v %d %s\n", time.May, time.May, time.Tuesday)
	for _, c := range [][2]string{
		{time.RFC3339, "2023-10-05T14:30:00+02:00"},
		{time.RFC3339Nano, "2023-10-05T14:30:00.123456Z"},
		{time.RFC1123, "Thu, 05 Oct 2023 14:30:00 UTC"},
		{time.RFC1123, "Thu, 05 Oct 2023 14:30:00 PST"},
		{time.Kitchen, "3:04PM"},
		{"2006-01-02 15:04:05", "2023-02-29 10:00:00"},
		{"2006-01-02", "2023-13-01"},
		{"2006-01-02", "2023-1-01"},
		{"Jan _2 2006", "Feb  3 2021"},
		{"2006-01-02 15:04:05", "2023-10-05 14:30:00.25"},
		{"2006 002", "2024 060"},
		{"02 Jan 06 15:04 -0700", "05 Oct 23 14:30 -0330"},
		{"2006-01-02", "2023-10-05 extra"},
		{"15:04", "25:00"},
		{"Mon Jan 2", "Xyz Oct 5"},
	} {
		p, err := time.Parse(c[0], c[1])
		fmt.Println(p, p.Unix(), err)
	}
	for _, s := range []string{"1h15m30.5s", "-1.5h", "300ms", "2h45m", "1µs", "1us", ".5s", "1.s", "0", "+3ns",
		"", "5", "5 parsecs", "1.2.3s", "9223372036854775807ns", "9223372036854775808ns", "-9223372036854775808ns", "1000000h"} {
		d, err := time.ParseDuration(s)
		fmt.Println(d, err)
	}
	_, err := time.ParseDuration("x")
	fmt.Printf("%T %v\n", err, errors.Unwrap(err))
	_, perr := time.Parse("2006", "x")
	pe, ok := perr.(*time.ParseError)
	fmt.Println(ok, pe.Layout, pe.Value, pe.LayoutElem, pe.ValueElem, pe.Message == "")
	loc, err := time.LoadLocation("UTC")
	fmt.Println(loc, err)
	_, err = time.LoadLocation("Mars/Olympus")
	fmt.Println(err)
	fmt.Printf("%#v\n", t)
	fmt.Println(t.Local().Location(), t.UTC().Location())
	fmt.Println(context.Background(), context.TODO())
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), "k", 7))
	fmt.Println(ctx, ctx.Err())
	cancel()
	fmt.Println(ctx.Err(), context.WithoutCancel(ctx), context.Cause(ctx))
	type key struct{}
	fmt.Println(context.WithValue(ctx, key{}, struct{ a int }{1}))
	defer func() { fmt.Println("recovered:", recover()) }()
	context.WithValue(ctx, []int{1}, 1)
}
