package core

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseGODEBUGReadsModelledKeysLeftToRightAndReturnsTheRest(t *testing.T) {
	d, unknown, err := ParseGODEBUG("schedtrace=10,gctrace=1, asyncpreemptoff=1,noequals,schedtrace=20,scheddetail=1")
	require.NoError(t, err)
	assert.Equal(t, GODEBUG{AsyncPreemptOff: true, SchedTrace: 20, SchedDetail: true, UpdateMaxProcs: -1}, d)
	assert.Equal(t, []string{"gctrace"}, unknown)
	assert.True(t, d.Traces())

	d, unknown, err = ParseGODEBUG("")
	require.NoError(t, err)
	assert.Equal(t, DefaultConfig(1).Debug, d, "an empty GODEBUG leaves the defaults")
	assert.Empty(t, unknown)
	assert.False(t, d.Traces())

	d, _, err = ParseGODEBUG("updatemaxprocs=0,scheddetail=1")
	require.NoError(t, err)
	assert.Equal(t, 0, d.UpdateMaxProcs)
	assert.False(t, d.Traces(), "scheddetail alone prints nothing: schedtrace sets the period")
}

func TestParseGODEBUGRejectsABadValueOfAModelledKey(t *testing.T) {
	for _, v := range []string{"schedtrace=x", "asyncpreemptoff=-1", "updatemaxprocs=", "schedtrace=99999999999"} {
		_, _, err := ParseGODEBUG(v)
		assert.ErrorContains(t, err, "want a non-negative number", v)
	}
	_, unknown, err := ParseGODEBUG("gctrace=x")
	assert.NoError(t, err, "a key the simulator does not model is not checked")
	assert.Equal(t, []string{"gctrace"}, unknown)
}

func TestCasgstatusPanicsWhenTheOldStatusIsNotTheStatedOne(t *testing.T) {
	s := &Sim{}
	g := &G{ID: 7, status: Gwaiting}
	assert.PanicsWithValue(t, "core.casgstatus: G7 is waiting, want running (to runnable)", func() {
		s.casgstatus(g, Grunning, Grunnable, LocInFlight, nil)
	})
	assert.Equal(t, Gwaiting, g.status, "a refused transition changes nothing")
	s.casgstatus(g, Gwaiting, Grunnable, LocInFlight, nil)
	assert.Equal(t, Grunnable, g.status)
	assert.Equal(t, LocInFlight, g.loc)
}
