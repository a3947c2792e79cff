// Jest stand-in for imported assets (CSS, images, video): components only need a string.
module.exports = 'test-asset-stub';
