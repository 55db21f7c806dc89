// A voice call between the two players, over the match socket's signalling (call.* frames,
// docs/api.md) and the browser's WebRTC. The server carries no audio: it relays the offer, the
// answer and the ICE candidates between the two sockets in the call.

export class VoiceCall {
  constructor(client, onChange) {
    this.client = client;
    this.onChange = onChange;
    this.state = "idle"; // idle | proposed | incoming | connecting | connected | ended
    this.muted = false;
    this.peerMuted = false;
    this.pc = null;
    this.stream = null;
    this.pending = [];
    this.error = null;
    this.audio = document.createElement("audio");
    this.audio.autoplay = true;
    client.on("frame", (frame) => this.frame(frame));
  }

  get me() {
    return this.client.match ? this.client.match.your_seat : null;
  }

  set(state) {
    this.state = state;
    this.onChange();
  }

  async microphone() {
    if (!this.stream) this.stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    return this.stream;
  }

  propose() {
    this.error = null;
    this.client.send({ type: "call.propose" });
  }

  async accept() {
    try {
      await this.microphone();
    } catch (error) {
      this.error = String(error);
      this.onChange();
      return;
    }
    if (this.state !== "incoming") {
      this.release(); // the call ended while the browser asked for the microphone
      return;
    }
    this.client.send({ type: "call.accept" });
  }

  release() {
    if (this.stream) for (const track of this.stream.getTracks()) track.stop();
    this.stream = null;
  }

  decline() {
    this.client.send({ type: "call.decline" });
  }

  hangup() {
    this.client.send({ type: "call.hangup" });
    this.end();
  }

  toggleMute() {
    this.muted = !this.muted;
    if (this.stream) for (const track of this.stream.getAudioTracks()) track.enabled = !this.muted;
    this.client.send({ type: "call.mute", muted: this.muted });
    this.onChange();
  }

  end() {
    if (this.pc) this.pc.close();
    this.pc = null;
    this.release();
    this.pending = [];
    this.muted = false;
    this.peerMuted = false;
    this.set("ended");
  }

  async frame(frame) {
    switch (frame.type) {
      case "call.state":
        // after (re)connecting: a call proposed by the other player still rings here, and one
        // that ended meanwhile stops ringing
        if (frame.state === "proposed" && this.state !== "proposed") {
          this.set(frame.proposer_seat === this.me ? "proposed" : "incoming");
        } else if (frame.state === "none" && this.state !== "idle" && this.state !== "ended") {
          this.end();
        }
        break;
      case "call.proposed":
        this.set(frame.by_seat === this.me ? "proposed" : "incoming");
        break;
      case "call.accepted":
        await this.connect(frame);
        break;
      case "call.declined":
        this.end();
        break;
      case "call.signal":
        await this.signal(frame);
        break;
      case "call.muted":
        if (frame.seat !== this.me) {
          this.peerMuted = frame.muted;
          this.onChange();
        }
        break;
      case "call.ended":
        if (this.state !== "idle") this.end();
        break;
      case "error":
        if (typeof frame.for === "string" && frame.for.startsWith("call.")) {
          this.error = frame.code;
          this.onChange();
        }
        break;
      default:
        break;
    }
  }

  async connect(frame) {
    if (this.state !== "proposed" && this.state !== "incoming") return;
    this.set("connecting");
    try {
      const stream = await this.microphone();
      if (this.state !== "connecting") {
        this.release(); // hung up while the microphone was being opened
        return;
      }
      const pc = new RTCPeerConnection({ iceServers: frame.ice_servers || [] });
      this.pc = pc;
      for (const track of stream.getAudioTracks()) pc.addTrack(track, stream);
      pc.onicecandidate = (event) => {
        if (event.candidate) {
          this.client.send({ type: "call.signal", kind: "ice", payload: event.candidate.toJSON() });
        }
      };
      pc.ontrack = (event) => {
        this.audio.srcObject = event.streams[0];
      };
      pc.onconnectionstatechange = () => {
        if (pc.connectionState === "connected") this.set("connected");
        if (pc.connectionState === "failed") this.hangup();
      };
      if (frame.offerer_seat === this.me) {
        const offer = await pc.createOffer();
        await pc.setLocalDescription(offer);
        this.client.send({ type: "call.signal", kind: "offer", payload: { type: offer.type, sdp: offer.sdp } });
      }
    } catch (error) {
      this.error = String(error);
      this.hangup();
    }
  }

  async signal(frame) {
    const pc = this.pc;
    if (!pc) return;
    if (frame.kind === "offer") {
      await pc.setRemoteDescription(frame.payload);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      this.client.send({ type: "call.signal", kind: "answer", payload: { type: answer.type, sdp: answer.sdp } });
      await this.flush();
    } else if (frame.kind === "answer") {
      await pc.setRemoteDescription(frame.payload);
      await this.flush();
    } else if (frame.kind === "ice") {
      if (pc.remoteDescription) await pc.addIceCandidate(frame.payload);
      else this.pending.push(frame.payload);
    }
  }

  async flush() {
    const waiting = this.pending;
    this.pending = [];
    for (const candidate of waiting) await this.pc.addIceCandidate(candidate);
  }
}
