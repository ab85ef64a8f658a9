//! The LZW compression of GIF image data, written for the GIF animations.
//!
//! Why not the `gif` crate's own encoder (`weezl`): measured on a 60-ply
//! game at 720 px, its dictionary walk was three quarters of the time of a
//! whole animation. This encoder keeps the dictionary in a small
//! open-addressing hash table (32 KB, in the processor's nearest caches)
//! keyed by (prefix code, next index), as the classic `compress` and GIF
//! encoders do, and writes the codes least significant bit first as GIF
//! requires. Board frames are mostly runs (transparent pixels, plain
//! squares), so a string extended by its own last index is looked up in a
//! flat array by its code alone, without hashing. Its output goes to `gif::Encoder::write_lzw_pre_encoded_frame`,
//! which only splits it into sub-blocks.

/// The largest code GIF allows (12-bit codes).
const MAX_CODES: u32 = 4096;
/// Slots of the hash table: twice the codes, so probes stay short.
const SLOTS: usize = 8192;

/// An LZW encoder for GIF image data; reuse one for many frames.
pub(crate) struct LzwEncoder {
    /// `(prefix << 8 | byte) << 12 | code`, or 0 for an empty slot (no
    /// assigned code is 0: they start after the clear and end codes).
    slots: Vec<u32>,
    /// For each code, the code of its string extended by its own last
    /// index (0: none yet).
    repeat: Vec<u16>,
    /// For each code, the last index of its string.
    last: Vec<u8>,
}

impl Default for LzwEncoder {
    fn default() -> Self {
        LzwEncoder {
            slots: vec![0; SLOTS],
            repeat: vec![0; MAX_CODES as usize],
            last: (0..MAX_CODES).map(|code| code as u8).collect(),
        }
    }
}

impl LzwEncoder {
    /// Appends to `out` the pre-encoded form `gif` expects: the minimum
    /// code size byte, then the LZW stream of `indices` (clear code first,
    /// end code last), not yet split into sub-blocks.
    pub(crate) fn encode(&mut self, min_code_size: u8, indices: &[u8], out: &mut Vec<u8>) {
        debug_assert!((2..=8).contains(&min_code_size));
        out.push(min_code_size);
        let clear = 1u32 << min_code_size;
        let end = clear + 1;
        let mut bits = BitWriter {
            out,
            acc: 0,
            len: 0,
        };
        let mut width = u32::from(min_code_size) + 1;
        let mut next = clear + 2;
        self.reset();
        bits.write(clear, width);
        let Some((&first, rest)) = indices.split_first() else {
            bits.write(end, width);
            bits.finish();
            return;
        };
        let mut prefix = u32::from(first);
        for &byte in rest {
            let repeats = self.last[prefix as usize] == byte;
            let found = if repeats {
                match self.repeat[prefix as usize] {
                    0 => Err(None),
                    code => Ok(u32::from(code)),
                }
            } else {
                self.find((prefix << 8) | u32::from(byte)).map_err(Some)
            };
            match found {
                Ok(code) => prefix = code,
                Err(slot) => {
                    bits.write(prefix, width);
                    if next < MAX_CODES {
                        match slot {
                            Some(slot) => {
                                let key = (prefix << 8) | u32::from(byte);
                                self.slots[slot] = (key << 12) | next;
                            }
                            None => self.repeat[prefix as usize] = next as u16,
                        }
                        self.last[next as usize] = byte;
                        if next == 1 << width && width < 12 {
                            width += 1;
                        }
                        next += 1;
                    } else {
                        // The table is full: start afresh.
                        bits.write(clear, width);
                        self.reset();
                        width = u32::from(min_code_size) + 1;
                        next = clear + 2;
                    }
                    prefix = u32::from(byte);
                }
            }
        }
        bits.write(prefix, width);
        // The decoder adds its last entry on this code; keep the width in step.
        if next < MAX_CODES && next == 1 << width && width < 12 {
            width += 1;
        }
        bits.write(end, width);
        bits.finish();
    }

    fn reset(&mut self) {
        self.slots.fill(0);
        self.repeat.fill(0);
    }

    /// The code of `key`, or the empty slot where it belongs.
    fn find(&self, key: u32) -> Result<u32, usize> {
        let mut slot = (key.wrapping_mul(0x9E37_79B1) >> 19) as usize;
        loop {
            let entry = self.slots[slot];
            if entry == 0 {
                return Err(slot);
            }
            if entry >> 12 == key {
                return Ok(entry & 0xFFF);
            }
            slot = (slot + 1) & (SLOTS - 1);
        }
    }
}

/// Codes packed least significant bit first.
struct BitWriter<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    len: u32,
}

impl BitWriter<'_> {
    fn write(&mut self, code: u32, width: u32) {
        self.acc |= u64::from(code) << self.len;
        self.len += width;
        while self.len >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.len -= 8;
        }
    }

    fn finish(mut self) {
        if self.len > 0 {
            self.out.push(self.acc as u8);
            self.acc = 0;
            self.len = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(encoded: &[u8]) -> Vec<u8> {
        let mut decoder = weezl::decode::Decoder::new(weezl::BitOrder::Lsb, encoded[0]);
        decoder.decode(&encoded[1..]).expect("valid LZW")
    }

    fn round_trip(min_code_size: u8, data: &[u8]) {
        let mut out = Vec::new();
        LzwEncoder::default().encode(min_code_size, data, &mut out);
        assert_eq!(decode(&out), data, "{} bytes", data.len());
    }

    #[test]
    fn empty_and_single_inputs_decode() {
        round_trip(8, &[]);
        round_trip(8, &[7]);
        round_trip(2, &[3]);
    }

    #[test]
    fn runs_and_noise_decode_across_table_resets() {
        // Long runs (the transparent pixels), a few colours, and noise that
        // fills the 4096-code table many times over.
        let mut state = 0x1234_5678u32;
        let mut noise = || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        let mut data = vec![255u8; 70_000];
        data.extend((0..200_000).map(|_| (noise() % 256) as u8));
        data.extend((0..100_000).map(|i| if i % 90 < 30 { 3 } else { 200 }));
        data.extend((0..50_000).map(|_| (noise() % 3) as u8));
        round_trip(8, &data);
        let small: Vec<u8> = data.iter().map(|b| b % 4).collect();
        round_trip(2, &small);
    }

    #[test]
    fn every_width_change_decodes() {
        // Each length crosses a code-width boundary at a different point.
        for len in [1usize, 2, 3, 250, 256, 257, 500, 511, 512, 513, 4000, 9000] {
            let data: Vec<u8> = (0..len).map(|i| (i * 7 % 251) as u8).collect();
            round_trip(8, &data);
        }
    }
}
