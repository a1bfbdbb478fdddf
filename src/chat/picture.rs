//! Turns a reply's [`BoardView`] into an image attachment.

use super::event::{BoardView, Image};

/// The board picture for a view; `None` while no renderer is built in.
pub fn render(_view: &BoardView) -> Option<Image> {
    None
}
