// A WebSocket that stays up: it reconnects with backoff after a lost connection, at once when
// the browser comes back online or the page returns from the background, and says how it is
// doing (onStatus: "connecting" | "open" | "reconnecting" | "closed"). The browser is known by
// its session cookie on our own origin: no token in the URL, none in a message.

const PING_MS = 10000; // the server counts a socket silent for 30 s as gone
const SILENCE_MS = 25000; // no pong (nor anything else) for this long: the connection is dead
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];

export class LiveSocket {
  constructor(path, { onMessage, onStatus, onReady }) {
    this.path = path;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.onReady = onReady || (() => {});
    this.attempt = 0;
    this.ws = null;
    this.closed = false;
    this.timer = null;
    this.pinger = null;
    this.wake = () => this.reconnectNow();
    this.visible = () => {
      if (document.visibilityState === "visible") this.reconnectNow(true);
    };
    window.addEventListener("online", this.wake);
    document.addEventListener("visibilitychange", this.visible);
    this.open();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}${this.path}`;
  }

  open() {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.onStatus(this.attempt ? "reconnecting" : "connecting");
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.onmessage = (event) => {
      this.heard = Date.now();
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (frame.type === "ready") {
        this.attempt = 0;
        this.onStatus("open");
        this.onReady(frame);
        return;
      }
      if (frame.type === "pong") return;
      this.onMessage(frame);
    };
    ws.onopen = () => {
      this.heard = Date.now();
      clearInterval(this.pinger);
      // A socket can stay "open" on a network that is gone (a phone changing networks):
      // the pongs stop, and then the socket is dropped and opened anew.
      this.pinger = setInterval(() => {
        if (Date.now() - this.heard > SILENCE_MS) {
          this.drop(ws);
          return;
        }
        this.send({ type: "ping" });
      }, PING_MS);
    };
    ws.onclose = (event) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      this.ws = null;
      // 4401/4403: not authenticated or not a participant: retrying will not help.
      if (event.code === 4401 || event.code === 4403 || event.code === 4404) {
        this.closed = true;
        this.onStatus("closed");
        return;
      }
      this.retry();
    };
  }

  drop(ws) {
    clearInterval(this.pinger);
    if (this.ws !== ws) return;
    this.ws = null;
    ws.onclose = null;
    ws.close();
    this.retry();
  }

  retry() {
    if (this.closed) return;
    this.onStatus("reconnecting");
    const wait = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    this.attempt += 1;
    this.timer = setTimeout(() => this.open(), wait);
  }

  // Back online, or back from the background: try now instead of waiting out the backoff (and
  // let the owner resync: events may have been missed while the page slept).
  reconnectNow(resync = false) {
    if (this.closed) return;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      if (resync) this.onReady(null);
      return;
    }
    if (this.ws && this.ws.readyState === WebSocket.CONNECTING) return;
    this.attempt = Math.max(this.attempt, 1);
    this.open();
  }

  send(frame) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    window.removeEventListener("online", this.wake);
    document.removeEventListener("visibilitychange", this.visible);
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.close(1000);
    }
  }
}
