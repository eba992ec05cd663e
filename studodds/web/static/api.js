// The page's calls to the local server. The page computes nothing itself: every number
// comes from the same functions the CLI calls.

// A question the server refused: its one line, and the facts of it (the players, boxes
// and cards at fault: faults.js marks them).
export class ApiError extends Error {
  constructor(message, facts = null) {
    super(message);
    this.facts = facts;
  }
}

function factsOf(data) {
  return { players: data.players || [], fields: data.fields || [], cards: data.cards || [] };
}

async function errorOf(response) {
  let message = `the server answered ${response.status} ${response.statusText}`;
  let facts = null;
  try {
    const data = await response.json();
    if (data && data.error) {
      message = data.error;
      facts = factsOf(data);
    }
  } catch (_) { /* not JSON: keep the status line */ }
  return new ApiError(message, facts);
}

// signal: an AbortSignal that cancels the request.
export async function getJSON(path, { signal } = {}) {
  const response = await fetch(path, { headers: { Accept: "application/json" }, signal });
  if (!response.ok) throw await errorOf(response);
  return response.json();
}

// GET with the answer streamed (?stream=1, as postJSON's): onProgress gets each fraction.
export async function getStreamed(path, onProgress) {
  const url = `${path}${path.includes("?") ? "&" : "?"}stream=1`;
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw await errorOf(response);
  return readStream(response, onProgress);
}

// POST a JSON question. With onProgress the server is asked for its streamed answer
// (?stream=1: newline-delimited JSON, {"progress": 0.42} and {"warning": "..."} lines then
// {"result": ...} or {"error": ...}), and onProgress gets each fraction done, onWarning
// each warning line (those the CLI writes on stderr). signal: an AbortSignal that
// cancels the request (the server then stops the work).
export async function postJSON(path, body, { signal, onProgress, onWarning } = {}) {
  const url = onProgress ? `${path}?stream=1` : path;
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await errorOf(response);
  if (!onProgress) return response.json();
  return readStream(response, onProgress, onWarning);
}

async function readStream(response, onProgress, onWarning = () => {}) {
  const type = response.headers.get("Content-Type") || "";
  if (!type.includes("ndjson")) return response.json(); // a server without the stream
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    let newline;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (!line) continue;
      const message = JSON.parse(line);
      if ("progress" in message) onProgress(message.progress);
      else if ("warning" in message) onWarning(message.warning);
      else if ("result" in message) return message.result;
      else if ("error" in message) throw new ApiError(message.error, factsOf(message));
    }
    if (done) break;
  }
  const rest = buffer.trim();
  if (rest) {
    const message = JSON.parse(rest);
    if ("result" in message) return message.result;
    if ("error" in message) throw new ApiError(message.error, factsOf(message));
  }
  throw new ApiError("the server's answer stopped before the result");
}

// POST a file's raw bytes (a hand history) as it is: the server reads its encoding.
// path holds the query already; onProgress (hand by hand) and onWarning as for postJSON.
export async function postFile(path, file, { signal, onProgress, onWarning } = {}) {
  if (onProgress) path += `${path.includes("?") ? "&" : "?"}stream=1`;
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/octet-stream", Accept: "application/json" },
    body: file,
    signal,
  });
  if (!response.ok) throw await errorOf(response);
  if (!onProgress) return response.json();
  return readStream(response, onProgress, onWarning);
}

export function isAbort(err) {
  return err && err.name === "AbortError";
}
