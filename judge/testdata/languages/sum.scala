object sum {
  def main(args: Array[String]): Unit = {
    val p = scala.io.StdIn.readLine().trim.split(" ").map(_.toLong)
    println(p(0) + p(1))
  }
}
