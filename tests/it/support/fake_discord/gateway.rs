//! The fake gateway: a ws:// server speaking Discord's gateway protocol v10
//! (JSON text frames): Hello, Identify → READY, Heartbeat → ACK, Resume →
//! RESUMED, and the dispatches that tests push.

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::{Shared, payloads};

/// What the test side sends to a live session.
pub(super) enum Push {
    /// An op 0 dispatch with this event name and data.
    Dispatch(String, Value),
    /// Close the connection with code 4000 (unknown error: clients resume).
    Close,
}

/// A ready session as the test side sees it: its shard and its queue.
pub(super) struct Live {
    /// `[shard id, total shards]` from its Identify.
    pub shard: [u32; 2],
    /// Where pushes for it go.
    pub push: mpsc::UnboundedSender<Push>,
}

impl Live {
    /// Whether an event of `guild` (`None`: a direct message) goes to this
    /// session: Discord's `(guild_id >> 22) % total`, DMs to shard 0.
    pub fn receives(&self, guild: Option<u64>) -> bool {
        let [id, total] = self.shard;
        match guild {
            Some(guild) => corrbot::adapters::discord::shard_of(guild, total) == id,
            None => id == 0,
        }
    }
}

/// Gateway opcodes used here.
const OP_DISPATCH: u64 = 0;
const OP_HEARTBEAT: u64 = 1;
const OP_IDENTIFY: u64 = 2;
const OP_RESUME: u64 = 6;
const OP_HELLO: u64 = 10;
const OP_HEARTBEAT_ACK: u64 = 11;

/// Accepts gateway connections until the listener task is aborted.
pub(super) async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(session(stream, Arc::clone(&shared)));
    }
}

/// One gateway connection (one shard session).
struct Session {
    ws: WebSocketStream<TcpStream>,
    shared: Arc<Shared>,
    seq: u64,
    dispatch_tx: mpsc::UnboundedSender<Push>,
    shard: [u32; 2],
}

async fn session(stream: TcpStream, shared: Arc<Shared>) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (dispatch_tx, mut dispatch_rx) = mpsc::unbounded_channel();
    let mut session = Session {
        ws,
        shared,
        seq: 0,
        dispatch_tx,
        shard: [0, 1],
    };
    let hello = json!({
        "op": OP_HELLO,
        "d": { "heartbeat_interval": session.shared.heartbeat_interval_ms },
        "s": null,
        "t": null,
    });
    if session.send(hello).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            frame = session.ws.next() => match frame {
                Some(Ok(Message::Text(text))) => {
                    if session.on_frame(&text).await.is_err() {
                        break;
                    }
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
            Some(push) = dispatch_rx.recv() => match push {
                Push::Dispatch(name, data) => {
                    if session.dispatch(&name, data).await.is_err() {
                        break;
                    }
                }
                Push::Close => {
                    let frame = CloseFrame { code: CloseCode::Library(4000), reason: "fake reconnect".into() };
                    let _ = session.ws.send(Message::Close(Some(frame))).await;
                    break;
                }
            },
        }
    }
    session.shared.with_state(|state| state.disconnects += 1);
}

impl Session {
    async fn send(&mut self, value: Value) -> Result<(), ()> {
        self.ws
            .send(Message::Text(value.to_string()))
            .await
            .map_err(drop)
    }

    async fn dispatch(&mut self, name: &str, data: Value) -> Result<(), ()> {
        self.seq += 1;
        let frame = json!({ "op": OP_DISPATCH, "t": name, "s": self.seq, "d": data });
        self.send(frame).await
    }

    async fn on_frame(&mut self, text: &str) -> Result<(), ()> {
        let Ok(frame) = serde_json::from_str::<Value>(text) else {
            return Err(());
        };
        match frame["op"].as_u64() {
            Some(OP_HEARTBEAT) => {
                self.shared.with_state(|state| state.heartbeats += 1);
                self.send(json!({ "op": OP_HEARTBEAT_ACK, "d": null, "s": null, "t": null }))
                    .await
            }
            Some(OP_IDENTIFY) => {
                self.shard = shard_of_identify(&frame["d"]);
                let session_id = self.shared.with_state(|state| {
                    state.identifies.push(frame["d"].clone());
                    format!("fake-session-{}", state.identifies.len())
                });
                let resume_url = self.shared.gateway_url();
                self.dispatch(
                    "READY",
                    payloads::ready(&session_id, &resume_url, self.shard),
                )
                .await?;
                self.register();
                Ok(())
            }
            Some(OP_RESUME) => {
                // Discord replays what was missed, then RESUMED; nothing was missed here.
                self.seq = frame["d"]["seq"].as_u64().unwrap_or(0);
                self.shard = self.shared.with_state(|state| {
                    state.resumes.push(frame["d"].clone());
                    shard_of_session(state, frame["d"]["session_id"].as_str())
                });
                self.dispatch("RESUMED", json!({})).await?;
                self.register();
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Makes this session a target of pushed dispatches.
    fn register(&self) {
        let live = Live {
            shard: self.shard,
            push: self.dispatch_tx.clone(),
        };
        self.shared.with_state(|state| state.sessions.push(live));
    }
}

/// The `shard: [id, total]` of an Identify payload (`[0, 1]` without one).
fn shard_of_identify(identify: &Value) -> [u32; 2] {
    let part = |i: usize| {
        identify["shard"][i]
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
    };
    match (part(0), part(1)) {
        (Some(id), Some(total)) if total > 0 && id < total => [id, total],
        _ => [0, 1],
    }
}

/// The shard a resumed session identified for (session ids are
/// `fake-session-N`, the N-th Identify).
fn shard_of_session(state: &super::State, session_id: Option<&str>) -> [u32; 2] {
    let n = session_id
        .and_then(|id| id.strip_prefix("fake-session-"))
        .and_then(|n| n.parse::<usize>().ok());
    n.and_then(|n| state.identifies.get(n.wrapping_sub(1)))
        .map_or([0, 1], shard_of_identify)
}
