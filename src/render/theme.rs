//! Board themes: the square colours of the board image and the tints of the
//! crosstable, chosen per player with `/theme`. Every theme keeps the same
//! inks, bars and clock pills, so only the squares and the table's stripes
//! change.

use serde::{Deserialize, Serialize};

use super::palette::{Rgb, rgb};

/// A board theme.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Cream and green (the default).
    #[default]
    Green,
    /// Cream and brown, the wooden board.
    Brown,
    /// Pale grey-blue and slate blue.
    Blue,
    /// Light and mid grey, for printing and for colour-blind players.
    Gray,
}

/// The colours a theme gives the squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareColors {
    /// Light squares.
    pub light: Rgb,
    /// Dark squares.
    pub dark: Rgb,
    /// Light squares of the last move.
    pub light_moved: Rgb,
    /// Dark squares of the last move.
    pub dark_moved: Rgb,
}

/// The colours a theme gives the crosstable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableColors {
    /// Every other row.
    pub stripe: Rgb,
    /// A player's own cell.
    pub diagonal: Rgb,
    /// The grid lines.
    pub grid: Rgb,
}

impl Theme {
    /// Every theme, in the order `/theme` lists them.
    pub const ALL: [Theme; 4] = [Theme::Green, Theme::Brown, Theme::Blue, Theme::Gray];

    /// The stored and typed word.
    pub fn as_str(self) -> &'static str {
        match self {
            Theme::Green => "green",
            Theme::Brown => "brown",
            Theme::Blue => "blue",
            Theme::Gray => "gray",
        }
    }

    /// Reads a stored or typed word, English or Ukrainian.
    pub fn parse(text: &str) -> Option<Theme> {
        match text.trim().to_lowercase().as_str() {
            "green" | "зелена" | "зелений" => Some(Theme::Green),
            "brown" | "коричнева" | "коричневий" => Some(Theme::Brown),
            "blue" | "синя" | "синій" => Some(Theme::Blue),
            "gray" | "grey" | "сіра" | "сірий" => Some(Theme::Gray),
            _ => None,
        }
    }

    /// The theme's square colours. The last-move colours stay yellowish on
    /// every theme, so the move reads the same way on all of them.
    pub fn squares(self) -> SquareColors {
        match self {
            Theme::Green => SquareColors {
                light: rgb(0xeceed4),
                dark: rgb(0x7c9c5e),
                light_moved: rgb(0xf3f18c),
                dark_moved: rgb(0xbccb55),
            },
            Theme::Brown => SquareColors {
                light: rgb(0xf0dab5),
                dark: rgb(0xb08461),
                light_moved: rgb(0xf6e98a),
                dark_moved: rgb(0xcfb254),
            },
            Theme::Blue => SquareColors {
                light: rgb(0xdfe5ea),
                dark: rgb(0x7d97ab),
                light_moved: rgb(0xe9ef9b),
                dark_moved: rgb(0xa5b57a),
            },
            Theme::Gray => SquareColors {
                light: rgb(0xe4e4e2),
                dark: rgb(0x9a9a98),
                light_moved: rgb(0xf0e98e),
                dark_moved: rgb(0xc2b760),
            },
        }
    }

    /// The crosstable's tints.
    pub fn table(self) -> TableColors {
        match self {
            Theme::Green => TableColors {
                stripe: rgb(0xf3f4ee),
                diagonal: rgb(0xc6c9bb),
                grid: rgb(0xd6d8cf),
            },
            Theme::Brown => TableColors {
                stripe: rgb(0xf7f0e4),
                diagonal: rgb(0xd5c3a8),
                grid: rgb(0xe2d6c3),
            },
            Theme::Blue => TableColors {
                stripe: rgb(0xeef2f5),
                diagonal: rgb(0xbccad5),
                grid: rgb(0xd3dce3),
            },
            Theme::Gray => TableColors {
                stripe: rgb(0xf2f2f1),
                diagonal: rgb(0xc9c9c7),
                grid: rgb(0xdadad8),
            },
        }
    }

    pub(crate) fn number(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_read_back_and_themes_differ() {
        for theme in Theme::ALL {
            assert_eq!(Theme::parse(theme.as_str()), Some(theme));
        }
        assert_eq!(Theme::parse(" Сіра "), Some(Theme::Gray));
        assert_eq!(Theme::parse("grey"), Some(Theme::Gray));
        assert_eq!(Theme::parse("pink"), None);
        let darks: std::collections::HashSet<_> =
            Theme::ALL.iter().map(|t| t.squares().dark).collect();
        assert_eq!(darks.len(), Theme::ALL.len());
    }
}
