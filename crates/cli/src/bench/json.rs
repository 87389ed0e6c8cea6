//! The JSON of `freecell bench --json`: one object whose `rows` array is written a row at a
//! time, so a run of any length never holds its rows. Every value goes through serde; the
//! object's fields before and after the rows are those of two serialised structs.
//!
//! ```text
//! {"solver":"hsd",…,"hints":null,"rows":[
//! {"deal":1,…},
//! {"deal":2,…}
//! ],"wall_seconds":0.5,"summary":{…}}
//! ```

use std::io::{self, Write};

use serde::Serialize;

/// The JSON object being written.
pub(super) struct JsonRows<W: Write> {
    out: W,
    rows: u64,
}

impl<W: Write> JsonRows<W> {
    /// Writes the fields of `head` (a struct) and opens the `rows` array.
    pub(super) fn start(mut out: W, head: &impl Serialize) -> io::Result<JsonRows<W>> {
        let fields = fields(head)?;
        out.write_all(b"{")?;
        out.write_all(&fields)?;
        out.write_all(if fields.is_empty() { b"\"rows\":[" } else { b",\"rows\":[" })?;
        Ok(JsonRows { out, rows: 0 })
    }

    /// Writes one row, on a line of its own.
    pub(super) fn row(&mut self, row: &impl Serialize) -> io::Result<()> {
        self.out.write_all(if self.rows == 0 { b"\n" } else { b",\n" })?;
        self.rows += 1;
        serde_json::to_writer(&mut self.out, row).map_err(io::Error::from)
    }

    /// Closes the array, writes the fields of `tail` (a struct), closes the object and the
    /// line, and flushes.
    pub(super) fn finish(mut self, tail: &impl Serialize) -> io::Result<()> {
        let fields = fields(tail)?;
        self.out.write_all(b"\n]")?;
        if !fields.is_empty() {
            self.out.write_all(b",")?;
            self.out.write_all(&fields)?;
        }
        self.out.write_all(b"}\n")?;
        self.out.flush()
    }
}

/// The JSON of `value`, an object, without its braces.
fn fields(value: &impl Serialize) -> io::Result<Vec<u8>> {
    let mut text = serde_json::to_vec(value)?;
    if text.first() != Some(&b'{') || text.last() != Some(&b'}') {
        return Err(io::Error::other("the head and tail of the bench JSON are objects"));
    }
    text.pop();
    text.remove(0);
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Head {
        solver: &'static str,
        timeout: Option<f64>,
    }

    #[derive(Serialize)]
    struct Tail {
        wall_seconds: f64,
    }

    fn document(rows: &[u32]) -> String {
        let mut out = Vec::new();
        let mut json = JsonRows::start(&mut out, &Head { solver: "h\"sd", timeout: Some(0.5) }).unwrap();
        for row in rows {
            json.row(row).unwrap();
        }
        json.finish(&Tail { wall_seconds: 1.25 }).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_rows_sit_between_the_head_and_the_tail() {
        let text = document(&[1, 2]);
        assert_eq!(text, "{\"solver\":\"h\\\"sd\",\"timeout\":0.5,\"rows\":[\n1,\n2\n],\"wall_seconds\":1.25}\n");
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["rows"], serde_json::json!([1, 2]));
        let empty: serde_json::Value = serde_json::from_str(&document(&[])).unwrap();
        assert_eq!(empty["rows"], serde_json::json!([]));
    }

    #[test]
    fn only_objects_frame_the_rows() {
        assert!(JsonRows::start(Vec::new(), &[1]).is_err());
        assert!(JsonRows::start(Vec::new(), &()).is_err());
    }
}
