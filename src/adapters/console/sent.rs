//! A message the console (or a transcript) sent, as a line or as JSON.

use chrono::{DateTime, SecondsFormat, Utc};
use serde::Serialize;

use crate::app::deliver::image::RenderedImage;
use crate::app::outgoing::{Address, Outgoing};

/// What identifies an image in a transcript.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ImageInfo {
    /// SHA-256 of the PNG, lowercase hex.
    pub sha256: String,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// One message sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sent {
    /// When it was sent (simulated time in transcripts).
    pub at: DateTime<Utc>,
    /// Where it went.
    pub to: Address,
    /// The message.
    pub message: Outgoing,
    /// The image attached, if any.
    pub image: Option<ImageInfo>,
    /// Where the interactive console wrote the image and the file sent
    /// (empty without a media folder).
    pub saved: Vec<String>,
}

/// The JSON line of a sent message (`corrbot script --json`).
#[derive(Serialize)]
struct JsonLine<'a> {
    at: String,
    platform: &'a str,
    to: String,
    kind: &'a str,
    text: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<&'a ImageInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    document: Option<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    buttons: Vec<&'a str>,
}

impl Sent {
    /// A record of `message` sent to `to` at `at` with `image`.
    pub fn new(
        at: DateTime<Utc>,
        to: Address,
        message: Outgoing,
        image: Option<&RenderedImage>,
    ) -> Self {
        let image = image.map(|image| ImageInfo {
            sha256: image.sha256.clone(),
            width: image.width,
            height: image.height,
        });
        Self {
            at,
            to,
            message,
            image,
            saved: Vec::new(),
        }
    }

    /// The recipient as a transcript names it: `@user` or `#channel`.
    pub fn recipient(&self) -> String {
        match &self.to {
            Address::User { user_id, .. } => format!("@{user_id}"),
            Address::Chat { chat_id, .. } => format!("#{chat_id}"),
            Address::Thread { chat_id, game, .. } => format!("#{chat_id}/#{game}"),
        }
    }

    /// The console line: `-> @name: text`, then one `[label]` per button
    /// (`[label: address]` for a link button whose address the text lacks),
    /// and the paths of what the interactive console saved (`[saved: …]`;
    /// the file's name instead when nothing was saved).
    pub fn line(&self) -> String {
        let mut line = format!("-> {}: {}", self.recipient(), self.message.text);
        if let Some(document) = &self.message.document
            && self.saved.is_empty()
        {
            line.push_str(&format!("\n[{}]", document.file_name));
        }
        for button in &self.message.buttons {
            match &button.link {
                // A link the text does not carry already: printed to open.
                Some(url) if !self.message.text.contains(url.as_str()) => {
                    line.push_str(&format!(" [{}: {url}]", button.label));
                }
                _ => line.push_str(&format!(" [{}]", button.label)),
            }
        }
        for path in &self.saved {
            line.push_str(&format!("\n   [saved: {path}]"));
        }
        line
    }

    /// One JSON object on one line.
    pub fn json(&self) -> String {
        let line = JsonLine {
            at: self.at.to_rfc3339_opts(SecondsFormat::Secs, true),
            platform: self.to.platform().as_str(),
            to: self.recipient(),
            kind: &self.message.kind,
            text: &self.message.text,
            image: self.image.as_ref(),
            document: self.message.document.as_ref().map(|d| d.file_name.as_str()),
            buttons: self
                .message
                .buttons
                .iter()
                .map(|b| b.label.as_str())
                .collect(),
        };
        serde_json::to_string(&line).unwrap_or_default()
    }
}
