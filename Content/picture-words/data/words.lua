-- The words a child matches, each with its picture in assets/ (made by
-- Scripts/make-picture-words-assets). A new word is a new line and a new picture.
return {
  { word = "apple", image = "apple.png" },
  { word = "banana", image = "banana.png" },
  { word = "cat", image = "cat.png" },
  { word = "dog", image = "dog.png" },
  { word = "fish", image = "fish.png" },
  { word = "sun", image = "sun.png" },
  { word = "tree", image = "tree.png" },
  { word = "car", image = "car.png" },
  { word = "ball", image = "ball.png" },
}
