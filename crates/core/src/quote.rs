//! Quoting input in error messages: a readable prefix, with invisible characters shown.
//!
//! Every error of this crate and of `freecell-deals` that repeats what it was given goes
//! through [`quote`], so a 200 MB line gives a message of a few dozen characters, and a
//! byte-order mark or a NUL reads as `\u{feff}` or `\0` rather than as nothing.

use std::fmt::{self, Write as _};

/// The most characters a [`quote`] shows before cutting the text short with `…`.
pub const QUOTE_CHARS: usize = 40;

/// The most bytes a [`quote`] shows before `…`: 40 ASCII characters fit, and so do 26
/// characters of 3 bytes (most of CJK) or 20 of 4 (emoji), so a quote never takes more
/// than 85 bytes with its backticks and `…`.
pub const QUOTE_BYTES: usize = 80;

/// Input text as an error message shows it; see [`quote`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quoted<'a>(&'a str);

/// Quotes `text` for an error message: between backticks, at most [`QUOTE_CHARS`]
/// characters and [`QUOTE_BYTES`] bytes as shown, then `…` when the text is longer. The
/// alternate form (`{:#}`) leaves out the backticks, for messages that quote otherwise
/// (`'…'`, `"…"`).
///
/// Control characters and characters that do not show (a byte-order mark, a zero-width or
/// no-break space, a combining accent on its own) are escaped as Rust's
/// [`char::escape_debug`] writes them: `\0`, `\t`, `\r`, `\n`, `\u{feff}`. Quotes and
/// backslashes are written as they are. The cut falls between characters, never inside an
/// escape.
///
/// # Examples
/// ```
/// use freecell_core::quote;
/// assert_eq!(quote("JDX").to_string(), "`JDX`");
/// assert_eq!(quote("\u{feff}AH").to_string(), r"`\u{feff}AH`");
/// assert_eq!(quote(&"9".repeat(1000)).to_string(), format!("`{}…`", "9".repeat(40)));
/// assert_eq!(format!("'{:#}'", quote("a\0")), r"'a\0'");
/// ```
pub fn quote(text: &str) -> Quoted<'_> {
    Quoted(text)
}

/// Whether `c` is written escaped in a [`quote`]: a control character, or one that does
/// not print on its own (format characters, white space other than the space, combining
/// marks, unassigned and private-use code points).
pub(crate) fn is_hidden(c: char) -> bool {
    !matches!(c, '\\' | '\'' | '"') && c.escape_debug().len() > 1
}

/// Names the first hidden character of `text` (see [`is_hidden`]) for a reason that
/// explains an error, or `None` when every character shows.
pub(crate) fn hidden_reason(text: &str) -> Option<&'static str> {
    Some(match text.chars().find(|&c| is_hidden(c))? {
        '\u{feff}' => {
            "it contains a byte-order mark (U+FEFF), an invisible character allowed only at the very start of a file"
        }
        '\0' => "it contains a NUL character (U+0000)",
        _ => "it contains an invisible, control or combining character (shown escaped)",
    })
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tick = if f.alternate() { "" } else { "`" };
        f.write_str(tick)?;
        let (mut chars, mut bytes) = (0, 0);
        let mut buf = [0; 4];
        for c in self.0.chars() {
            let shown = if is_hidden(c) { Shown::Escaped(c.escape_debug()) } else { Shown::Plain(c) };
            let (width, size) = match &shown {
                Shown::Escaped(escape) => (escape.len(), escape.len()),
                Shown::Plain(c) => (1, c.len_utf8()),
            };
            if chars + width > QUOTE_CHARS || bytes + size > QUOTE_BYTES {
                f.write_char('…')?;
                return f.write_str(tick);
            }
            (chars, bytes) = (chars + width, bytes + size);
            match shown {
                Shown::Escaped(escape) => write!(f, "{escape}")?,
                Shown::Plain(c) => f.write_str(c.encode_utf8(&mut buf))?,
            }
        }
        f.write_str(tick)
    }
}

/// One character of a quote, as written.
enum Shown {
    Plain(char),
    Escaped(std::char::EscapeDebug),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole() {
        assert_eq!(quote("").to_string(), "``");
        assert_eq!(quote("K♥").to_string(), "`K♥`");
        assert_eq!(quote("Baker's \"Game\" \\").to_string(), "`Baker's \"Game\" \\`");
        assert_eq!(quote(&"x".repeat(QUOTE_CHARS)).to_string(), format!("`{}`", "x".repeat(QUOTE_CHARS)));
    }

    #[test]
    fn long_text_is_cut_at_a_character() {
        let long = "x".repeat(QUOTE_CHARS + 1);
        assert_eq!(quote(&long).to_string(), format!("`{}…`", "x".repeat(QUOTE_CHARS)));
        // Three-byte characters: 26 fit in 80 bytes.
        let wide = "漢".repeat(100);
        assert_eq!(quote(&wide).to_string(), format!("`{}…`", "漢".repeat(26)));
        // An escape is never cut in half: 38 characters, then `\0` would make 40 (fits),
        // then `\u{feff}` would not.
        let escapes = format!("{}\0\u{feff}", "x".repeat(38));
        assert_eq!(quote(&escapes).to_string(), format!("`{}\\0…`", "x".repeat(38)));
    }

    #[test]
    fn hidden_characters_are_escaped() {
        assert_eq!(quote("\u{feff}AH\0\t\r\n").to_string(), r"`\u{feff}AH\0\t\r\n`");
        assert_eq!(quote("a\u{a0}b\u{200b}c\u{301}").to_string(), r"`a\u{a0}b\u{200b}c\u{301}`");
        assert_eq!(hidden_reason("AH"), None);
        assert!(hidden_reason("\u{feff}AH").is_some_and(|r| r.contains("byte-order mark (U+FEFF)")));
        assert!(hidden_reason("A\0H").is_some_and(|r| r.contains("NUL")));
    }

    #[test]
    fn the_alternate_form_has_no_backticks() {
        assert_eq!(format!("{:#}", quote("JDX")), "JDX");
        assert_eq!(format!("{:#}", quote(&"x".repeat(50))), format!("{}…", "x".repeat(QUOTE_CHARS)));
    }

    #[test]
    fn a_quote_is_bounded() {
        for c in ['x', 'é', '漢', '😀', '\0', '\u{feff}', '\u{e0001}'] {
            let shown = quote(&c.to_string().repeat(10_000)).to_string();
            assert!(shown.len() <= QUOTE_BYTES + 5, "{c:?}: {} bytes", shown.len());
            assert!(shown.chars().count() <= QUOTE_CHARS + 3, "{c:?}: {shown}");
        }
    }
}
