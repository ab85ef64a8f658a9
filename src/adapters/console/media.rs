//! The interactive console's media folder: the images and files the bot
//! sends (boards, GIFs, crosstables, PGN) are written there and their paths
//! printed, so a newcomer trying the console sees what a chat would show.
//! Transcripts and tests set no folder and write nothing.

use std::path::{Path, PathBuf};

use crate::app::deliver::image::{ImageFormat, RenderedImage};
use crate::app::outgoing::Outgoing;

/// `CORRBOT_MEDIA_DIR`, default `./corrbot-media`.
pub const MEDIA_DIR_ENV: &str = "CORRBOT_MEDIA_DIR";

/// Where the console writes what it sends.
#[derive(Debug, Clone)]
pub struct MediaFolder {
    dir: PathBuf,
}

impl MediaFolder {
    /// The folder `dir` (created on the first file).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The folder named by `CORRBOT_MEDIA_DIR`, or `./corrbot-media`.
    pub fn from_env() -> Self {
        let dir =
            std::env::var_os(MEDIA_DIR_ENV).map_or_else(|| "corrbot-media".into(), PathBuf::from);
        Self::new(dir)
    }

    /// Writes the image and the document of `message`; returns the paths
    /// written (a file that cannot be written is reported in their place).
    pub fn save(&self, message: &Outgoing, image: Option<&RenderedImage>) -> Vec<String> {
        let mut saved = Vec::new();
        if let Some(image) = image {
            let extension = match image.format {
                ImageFormat::Png => "png",
                ImageFormat::Gif => "gif",
            };
            let hash = image.sha256.get(..12).unwrap_or(&image.sha256);
            let name = format!("{}-{hash}.{extension}", message.kind.replace('_', "-"));
            saved.push(self.write(&name, &image.png));
        }
        if let Some(document) = &message.document {
            saved.push(self.write(&safe_name(&document.file_name), document.content.as_bytes()));
        }
        saved
    }

    /// Writes `bytes` as `name`; the path, or why it could not be written.
    fn write(&self, name: &str, bytes: &[u8]) -> String {
        let path = self.dir.join(name);
        let written =
            std::fs::create_dir_all(&self.dir).and_then(|()| std::fs::write(&path, bytes));
        match written {
            Ok(()) => shown(&path),
            Err(error) => format!("{} (not written: {error})", shown(&path)),
        }
    }
}

/// A file name with no directory in it.
fn safe_name(name: &str) -> String {
    let name: String = name
        .chars()
        .map(|c| {
            if c == '/' || c == '\\' || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .collect();
    match name.trim_start_matches('.') {
        "" => "file".to_owned(),
        rest => rest.to_owned(),
    }
}

fn shown(path: &Path) -> String {
    path.display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn document_names_stay_inside_the_folder() {
        assert_eq!(safe_name("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(safe_name("game-12.pgn"), "game-12.pgn");
        assert_eq!(safe_name(".."), "file");
    }
}
