package extract

// Work returns the bytes that the candidates in text made the scanner look
// at beyond its one pass (see state.work).
func Work(e *Extractor, text string) int {
	s := newState(e, text)
	for {
		if _, ok := s.next(); !ok {
			return s.work
		}
	}
}
