//! Where the cards of a hand of the usual shape lie in its text: `N` cards
//! of two or three characters, one separator between each two. Each of the
//! `2^N` shapes (which cards have three characters) puts its separators at
//! its own places, so the separators' bit mask names the shape; a small
//! hashed table gives each shape's card places, and the characters are
//! gathered into three-byte slots a card, one shuffle for the whole hand.
//! No card's place waits on the card before it.

/// The characters read of each cell: the longest hand of the usual shape,
/// and more (a power of two, so an index masked to it needs no bounds
/// check).
pub const WINDOW: usize = 32;
/// The slots of a gathered hand: three bytes a card, a short card's third
/// byte NUL.
pub const SLOTS: usize = 16;
/// The bytes of a card's slot.
pub const SLOT: usize = 3;
/// Hash buckets for the shapes (twice the most shapes, `2^5`).
const BUCKETS: usize = 64;
/// The separators the shapes are found by: the space, the comma and the
/// tab. Text separated by other whitespace is left to the general parser.
pub const SEPARATORS: [u8; 3] = [b' ', b',', b'\t'];
/// Marks a slot byte that no character fills.
const EMPTY: u8 = u8::MAX;

/// One character of text: a UTF-8 byte or a Unicode code point. `byte` is
/// the character itself when it is below 256, else 0 (NUL: no card or
/// separator holds it, so such text is left to the general parser).
pub trait Unit: Copy + Default {
    fn byte(self) -> u8;

    /// Bit masks of the usual separators ([`SEPARATORS`]) and of the NULs
    /// in `window`, bit `i` for character `i`.
    #[inline(always)]
    fn marks(window: &[Self; WINDOW]) -> (u32, u32) {
        window
            .iter()
            .enumerate()
            .fold((0, 0), |(separators, nuls), (i, &c)| {
                let c = c.byte();
                let separator = SEPARATORS.contains(&c);
                (
                    separators | u32::from(separator) << i,
                    nuls | u32::from(c == 0) << i,
                )
            })
    }

    /// The characters of `window` that `shape` places in each slot (NUL
    /// where none is).
    #[inline(always)]
    fn gather(window: &[Self; WINDOW], shape: &Shape) -> [u8; SLOTS] {
        shape
            .from
            .map(|at| window.get(usize::from(at)).map_or(0, |c| c.byte()))
    }
}

impl Unit for u32 {
    #[inline(always)]
    fn byte(self) -> u8 {
        // Past 255: NUL (and not the low byte, which may be a card's).
        if self < 256 {
            self as u8
        } else {
            0
        }
    }
}

impl Unit for u8 {
    #[inline(always)]
    fn byte(self) -> u8 {
        self
    }

    /// Sixteen bytes a compare.
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    #[inline(always)]
    fn marks(window: &[u8; WINDOW]) -> (u32, u32) {
        use safe_arch::*;
        let is = |text: m128i, byte: u8| cmp_eq_mask_i8_m128i(text, set_splat_i8_m128i(byte as i8));
        let half = |bytes: &[u8; 16]| {
            let text = load_unaligned_m128i(bytes);
            let [space, comma, tab] = SEPARATORS.map(|byte| is(text, byte));
            (
                move_mask_i8_m128i(space | comma | tab) as u32,
                move_mask_i8_m128i(is(text, 0)) as u32,
            )
        };
        let (low, high) = halves(window);
        let ((separators, nuls), (more_separators, more_nuls)) = (half(low), half(high));
        (separators | more_separators << 16, nuls | more_nuls << 16)
    }

    /// One byte shuffle a half of the window.
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    #[inline(always)]
    fn gather(window: &[u8; WINDOW], shape: &Shape) -> [u8; SLOTS] {
        use safe_arch::*;
        let (low, high) = halves(window);
        let from_low = shuffle_av_i8z_all_m128i(load_unaligned_m128i(low), shape.low.into());
        let from_high = shuffle_av_i8z_all_m128i(load_unaligned_m128i(high), shape.high.into());
        (from_low | from_high).into()
    }
}

/// The two 16-byte halves of a window.
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
#[inline(always)]
fn halves(window: &[u8; WINDOW]) -> (&[u8; 16], &[u8; 16]) {
    let (low, high) = window.split_at(16);
    (
        low.try_into().unwrap_or(&[0; 16]),
        high.try_into().unwrap_or(&[0; 16]),
    )
}

/// One shape of hand text: its separators and end as a bit mask, and the
/// place of the character each slot takes (`EMPTY` for none), also as two
/// byte-shuffle controls (one a half of the window; a byte with its top bit
/// set gives NUL).
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    key: u32,
    from: [u8; SLOTS],
    low: [i8; SLOTS],
    high: [i8; SLOTS],
}

impl Shape {
    const NONE: Shape = Shape {
        key: 0,
        from: [EMPTY; SLOTS],
        low: [-1; SLOTS],
        high: [-1; SLOTS],
    };

    /// The shape of `n` cards where card `k` has three characters when bit
    /// `k` of `longs` is set.
    fn new(n: usize, longs: usize) -> Shape {
        let mut shape = Shape::NONE;
        let mut start = 0;
        for k in 0..n {
            let chars = 2 + (longs >> k & 1);
            for c in 0..chars {
                shape.from[k * SLOT + c] = (start + c) as u8;
            }
            // A separator after each card but the last, which ends the text.
            shape.key |= 1 << (start + chars);
            start += chars + 1;
        }
        let control = |at: u8, half: u8| {
            if at != EMPTY && at / 16 == half {
                (at % 16) as i8
            } else {
                -1
            }
        };
        shape.low = shape.from.map(|at| control(at, 0));
        shape.high = shape.from.map(|at| control(at, 1));
        shape
    }
}

/// The shapes of hands of `N` cards, hashed by key.
pub struct Shapes {
    multiplier: u64,
    buckets: Box<[Shape; BUCKETS]>,
}

/// The bucket of `key` under `multiplier` (the top bits of their product).
#[inline(always)]
fn bucket(key: u32, multiplier: u64) -> usize {
    (u64::from(key).wrapping_mul(multiplier) >> (64 - BUCKETS.trailing_zeros())) as usize
}

impl Shapes {
    /// The `2^n` shapes of `n` cards (`n` at most 5, so every hand fits the
    /// window and the slots), with the first multiplier of a fixed sequence
    /// that gives each its own bucket.
    pub fn new(n: usize) -> Shapes {
        assert!((1..=5).contains(&n), "hands of 1 to 5 cards");
        let shapes: Vec<Shape> = (0..1 << n).map(|longs| Shape::new(n, longs)).collect();
        let mut multiplier = 0x9E37_79B9_7F4A_7C15_u64;
        loop {
            let mut buckets = Box::new([Shape::NONE; BUCKETS]);
            let mut free = true;
            for shape in &shapes {
                let slot = &mut buckets[bucket(shape.key, multiplier)];
                free &= slot.key == 0;
                *slot = *shape;
            }
            if free {
                return Shapes {
                    multiplier,
                    buckets,
                };
            }
            multiplier = multiplier
                .wrapping_mul(0xBF58_476D_1CE4_E5B9)
                .wrapping_add(1)
                | 1;
        }
    }

    /// The characters of the first `len` of `window` gathered into slots (see
    /// [`SLOTS`]) if they have one of these shapes: separators only where the
    /// shape has them, and no NUL. `len` is below [`WINDOW`]. The slots are
    /// whatever the table gave when the shape is none of these.
    #[inline(always)]
    pub fn gather<T: Unit>(&self, window: &[T; WINDOW], len: usize) -> ([u8; SLOTS], bool) {
        let (separators, nuls) = T::marks(window);
        let before = (1 << (len % WINDOW)) - 1;
        let key = (separators & before) | 1 << (len % WINDOW);
        let shape = &self.buckets[bucket(key, self.multiplier)];
        let fits = shape.key == key && nuls & before == 0;
        (T::gather(window, shape), fits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ground::card::is_separator;

    /// The separator mask holds the usual separators, each of which
    /// `is_separator` takes, and no other byte; the NUL mask only NULs.
    #[test]
    fn marks_hold_the_usual_separators_and_nuls() {
        for base in (0..256).step_by(WINDOW) {
            let window: [u8; WINDOW] = std::array::from_fn(|i| (base + i) as u8);
            let codes = window.map(u32::from);
            let (separators, nuls) = u8::marks(&window);
            assert_eq!(u32::marks(&codes), (separators, nuls));
            for (i, &b) in window.iter().enumerate() {
                let separator = SEPARATORS.contains(&b);
                assert!(!separator || is_separator(char::from(b)), "{b}");
                assert_eq!(separators >> i & 1 == 1, separator, "{b}");
                assert_eq!(nuls >> i & 1 == 1, b == 0, "{b}");
            }
        }
    }

    /// Every shape of 1 to 5 cards is found and gathers its cards into
    /// their slots; bytes and code points alike.
    #[test]
    fn every_shape_gathers_its_cards() {
        for n in 1..=5 {
            let shapes = Shapes::new(n);
            for longs in 0..1usize << n {
                let cards: Vec<String> = (0..n)
                    .map(|k| {
                        let rank = if longs >> k & 1 == 1 { "10" } else { "9" };
                        format!("{rank}{}", ["C", "D", "H", "S"][k % 4])
                    })
                    .collect();
                let text = cards.join(",");
                let mut window = [b'5'; WINDOW];
                window[..text.len()].copy_from_slice(text.as_bytes());
                let (slots, fits) = shapes.gather(&window, text.len());
                assert!(fits, "{text}");
                let mut expected = [0; SLOTS];
                for (k, card) in cards.iter().enumerate() {
                    expected[k * SLOT..k * SLOT + card.len()].copy_from_slice(card.as_bytes());
                }
                assert_eq!(slots, expected, "{text}");
                assert_eq!(
                    shapes.gather(&window.map(u32::from), text.len()),
                    (slots, true)
                );
            }
        }
    }

    #[test]
    fn separators_out_of_place_and_nuls_fit_no_shape() {
        let shapes = Shapes::new(5);
        for text in [
            &b"5H 5D 5C JS 5S"[..],
            b"5H\x005D 5C JS 5S",
            b"5H\x00 5D 5C JS 5S",
            b"5H  5D 5C JS 5S",
            b"5H 5D 5C 5S\x00",
            b"5H5D 5C JS 5S 5S",
        ] {
            let mut window = [0; WINDOW];
            window[..text.len()].copy_from_slice(text);
            let fits = shapes.gather(&window, text.len()).1;
            assert_eq!(fits, text == b"5H 5D 5C JS 5S", "{text:?}");
        }
    }
}
