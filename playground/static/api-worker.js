// The page's requests to the server, off the page's thread: the text of
// the editors (10 MB, if that is what was pasted) is serialized and sent,
// and the answer read, here, so that the page never waits on them.
//
// The page posts {id, path, body} to send a request and {abort: id} to
// abort one; the worker answers {id, data} or {id, error, status}.
"use strict";

const controllers = new Map();

self.onmessage = async (e) => {
  const m = e.data;
  if (m.abort !== undefined) {
    const c = controllers.get(m.abort);
    if (c) c.abort();
    return;
  }
  const c = new AbortController();
  controllers.set(m.id, c);
  try {
    const res = await fetch(m.path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(m.body),
      signal: c.signal,
    });
    let data = null;
    try {
      data = await res.json();
    } catch (err) {
      data = null;
    }
    if (res.ok) {
      self.postMessage({ id: m.id, data: data });
    } else {
      self.postMessage({ id: m.id, error: (data && data.error) || res.status + " " + res.statusText, status: res.status });
    }
  } catch (err) {
    self.postMessage({ id: m.id, error: String((err && err.message) || err), aborted: !!err && err.name === "AbortError" });
  } finally {
    controllers.delete(m.id);
  }
};
