main :: IO ()
main = do
  [a, b] <- fmap (map read . words) getLine :: IO [Integer]
  print (a + b)
