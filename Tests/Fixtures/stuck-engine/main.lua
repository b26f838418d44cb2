tide.scene.define("play", {})
