package errgroup

import "context"

// WithContext returns a new Group and a Context derived from ctx: it is
// canceled, with the error as its cause, the first time a function passed
// to Go returns an error, or when Wait returns, whichever comes first.
func WithContext(ctx context.Context) (*Group, context.Context) {
	ctx, cancel := context.WithCancelCause(ctx)
	return &Group{cancel: cancel}, ctx
}
