//! `Serialize` and `Deserialize` (the `serde` feature): a [`GameState`] as its
//! [`SavedGame`], checked when read, and the auto-play rule by name. `SavedGame` and
//! `SavedTurn` derive theirs where they are defined: they exist to be written down.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{GameState, SavedGame};

impl<const C: usize, const F: usize> Serialize for GameState<C, F> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        SavedGame::from(self).serialize(serializer)
    }
}

impl<'de, const C: usize, const F: usize> Deserialize<'de> for GameState<C, F> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        GameState::try_from(SavedGame::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

/// The auto-play rule as a lower-case name in serde.
pub(crate) mod automove_name {
    use freecell_core::Automove;
    use serde::{Deserialize, Deserializer, Serializer};

    // Serde's `with` passes a reference.
    #[allow(clippy::trivially_copy_pass_by_ref)]
    pub(crate) fn serialize<S: Serializer>(rule: &Automove, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(match rule {
            Automove::None => "none",
            Automove::Horne => "horne",
            Automove::Raymond => "raymond",
        })
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Automove, D::Error> {
        let name = String::deserialize(deserializer)?;
        match name.as_str() {
            "none" => Ok(Automove::None),
            "horne" => Ok(Automove::Horne),
            "raymond" => Ok(Automove::Raymond),
            _ => Err(serde::de::Error::custom(format_args!(
                "unknown auto-play rule {}: expected \"none\", \"horne\" or \"raymond\"",
                freecell_core::quote(&name)
            ))),
        }
    }
}
