//! One HTTP/1.1 request to a lila-gif server on loopback, for the benches
//! that measure beside it: the size of the answer's body.

use std::io::{Read, Write};
use std::net::TcpStream;

/// Sends `request` (a whole HTTP/1.1 request with `Connection: close`) to
/// `address` (`host:port`) and returns the length of the 200 answer's body,
/// chunked or not.
pub fn body_len(address: &str, request: &str) -> usize {
    let mut stream = TcpStream::connect(address).expect("lila-gif listening");
    stream.write_all(request.as_bytes()).expect("request sent");
    let mut response = Vec::new();
    stream.read_to_end(&mut response).expect("response read");
    let head = response
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("headers");
    let headers = String::from_utf8_lossy(&response[..head]).to_ascii_lowercase();
    assert!(headers.starts_with("http/1.1 200"), "lila-gif: {headers}");
    let body = &response[head + 4..];
    if headers.contains("transfer-encoding: chunked") {
        dechunked_len(body)
    } else {
        body.len()
    }
}

/// The length of a chunked body's data: hex length, CRLF, data, CRLF; a
/// zero length ends it.
fn dechunked_len(mut rest: &[u8]) -> usize {
    let mut size = 0;
    while let Some(line_end) = rest.windows(2).position(|w| w == b"\r\n") {
        let length = std::str::from_utf8(&rest[..line_end]).expect("chunk size");
        let length = usize::from_str_radix(length.trim(), 16).expect("hex chunk size");
        if length == 0 {
            break;
        }
        size += length;
        rest = &rest[line_end + 2 + length + 2..];
    }
    size
}
