package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// The base protocol of LSP: JSON-RPC 2.0 messages, each preceded by a
// header with its Content-Length in bytes and ended by an empty line.

// MaxMessage bounds the size of one message the server accepts, so that a
// broken or hostile client cannot make it allocate without end.
const MaxMessage = 64 << 20

// JSON-RPC and LSP error codes.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
)

// message is any JSON-RPC message: a request (ID and Method), a
// notification (Method only) or a response (ID and Result or Error).
type message struct {
	JSONRPC string           `json:"jsonrpc"`
	ID      *json.RawMessage `json:"id,omitempty"`
	Method  string           `json:"method,omitempty"`
	Params  json.RawMessage  `json:"params,omitempty"`
	Result  json.RawMessage  `json:"result,omitempty"`
	Error   *rpcError        `json:"error,omitempty"`
}

// rpcError is the error of a response.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("%s (%d)", e.Message, e.Code) }

// errMalformed is a message whose header cannot be read: the stream is
// out of step and cannot be trusted further.
var errMalformed = errors.New("malformed message header")

// MaxHeader bounds the header of one message, in bytes: a header is a
// Content-Length and perhaps a Content-Type, some tens of bytes. A longer
// one is malformed, found without reading more than MaxHeader bytes of it.
const MaxHeader = 4 << 10

// readMessage reads the body of one message. It returns io.EOF at the end
// of the stream. The header is read a line at a time, in at most
// MaxHeader bytes, and the body, of at most MaxMessage bytes, is
// allocated only once its length is known.
func readMessage(r *bufio.Reader) ([]byte, error) {
	length, lengths, read := 0, 0, 0
	for {
		line, err := readHeaderLine(r, MaxHeader-read)
		read += len(line)
		if err != nil {
			if errors.Is(err, io.EOF) && read == 0 {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("%w: %v", errMalformed, err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%w: a header line without a colon: %.40q", errMalformed, line)
		}
		if !strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			continue
		}
		lengths++
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%w: bad Content-Length %.40q", errMalformed, value)
		}
		length = n
	}
	if lengths != 1 {
		return nil, fmt.Errorf("%w: want one Content-Length, have %d", errMalformed, lengths)
	}
	if length > MaxMessage {
		return nil, fmt.Errorf("%w: a message of %d bytes is more than the %d accepted", errMalformed, length, MaxMessage)
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, fmt.Errorf("reading a message of %d bytes: %w", length, err)
	}
	return body, nil
}

// readHeaderLine reads one line of a header, of at most max bytes: a
// longer one is an error, found without reading more than max bytes.
func readHeaderLine(r *bufio.Reader, max int) (string, error) {
	var line []byte
	for {
		if max <= 0 {
			return string(line), fmt.Errorf("a header of more than %d bytes", MaxHeader)
		}
		b, err := r.ReadByte()
		if err != nil {
			if errors.Is(err, io.EOF) && len(line) > 0 {
				err = io.ErrUnexpectedEOF
			}
			return string(line), err
		}
		line = append(line, b)
		max--
		if b == '\n' {
			return string(line), nil
		}
	}
}

// writer writes messages, one at a time.
type writer struct {
	mu  sync.Mutex
	out io.Writer
}

// write frames and writes one message.
func (w *writer) write(m *message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, err := fmt.Fprintf(w.out, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err = w.out.Write(body)
	return err
}

// notify sends a notification.
func (w *writer) notify(method string, params any) error {
	raw, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return w.write(&message{Method: method, Params: raw})
}

// reply sends the response to a request: its result, or an error.
func (w *writer) reply(id *json.RawMessage, result any, rerr *rpcError) error {
	if id == nil {
		null := json.RawMessage("null")
		id = &null
	}
	if rerr != nil {
		return w.write(&message{ID: id, Error: rerr})
	}
	raw, err := json.Marshal(result)
	if err != nil {
		return err
	}
	return w.write(&message{ID: id, Result: raw})
}
