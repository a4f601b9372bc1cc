//! Tables built into the engine (`src/data`, written by `cribbage-fast
//! tables ... --ship`): their little-endian bytes, decoded once.

/// `bytes` as `len` little-endian values of `N` bytes each, if it holds
/// exactly that many (a missing or stale file gives `None`).
pub fn decode<T, const N: usize>(
    bytes: &[u8],
    len: usize,
    from_le: fn([u8; N]) -> T,
) -> Option<Vec<T>> {
    (bytes.len() == len * N).then(|| {
        bytes
            .chunks_exact(N)
            .map(|b| from_le(b.try_into().unwrap_or([0; N])))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_only_from_a_file_of_the_right_size() {
        let bytes = [1, 0, 0, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0];
        assert_eq!(decode(&bytes, 2, u64::from_le_bytes), Some(vec![1, 258]));
        assert_eq!(decode(&bytes, 3, u64::from_le_bytes), None);
        assert_eq!(decode(&bytes[..15], 2, u64::from_le_bytes), None);
        assert_eq!(
            decode(&1.5f32.to_le_bytes(), 1, f32::from_le_bytes),
            Some(vec![1.5])
        );
    }
}
